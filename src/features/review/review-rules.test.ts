import { csvField } from "@/lib/csv";
import {
  cardsCsv,
  cardText,
  frontGivesAnswer,
  keepKeyPoints,
  queueOrder,
  quizMissCard,
  quizQuestionKey,
  slugTag,
  withinCaps,
} from "./rules";
import { lessonProse } from "./lesson-prose";
import {
  dayStart,
  intervalLabel,
  intervalsFor,
  nextState,
  ratingsFor,
  retrievability,
  snapshotOf,
  stateOf,
  type CardState,
} from "./scheduler";

const NOW = new Date("2026-03-01T10:00:00.000Z");
const fresh: CardState = {
  due: NOW,
  stability: 0,
  difficulty: 0,
  elapsedDays: 0,
  scheduledDays: 0,
  learningSteps: 0,
  reps: 0,
  lapses: 0,
  state: 0,
  lastReview: null,
};

describe("the scheduler (FSRS)", () => {
  it("shows rising intervals for Again, Hard, Good, Easy, and grading gives the interval shown", () => {
    const intervals = intervalsFor(fresh, NOW);
    expect(intervals["1"]).toBeLessThan(intervals["2"]);
    expect(intervals["2"]).toBeLessThan(intervals["3"]);
    expect(intervals["3"]).toBeLessThan(intervals["4"]);
    for (const rating of [1, 2, 3, 4] as const) {
      const after = nextState(fresh, rating, NOW);
      expect((after.due.getTime() - NOW.getTime()) / 1000).toBe(intervals[`${rating}`]);
      expect(after.reps).toBe(1);
      expect(after.lastReview).toEqual(NOW);
    }
    // Easy on a new card makes it a review card, days out.
    expect(nextState(fresh, 4, NOW).state).toBe(2);
    expect(intervals["4"]).toBeGreaterThanOrEqual(86_400);
  });

  it("counts a lapse when a review card is failed, and a longer interval after each success", () => {
    const learned = nextState(fresh, 4, NOW);
    const later = new Date(learned.due.getTime());
    const again = nextState(learned, 1, later);
    expect(again.lapses).toBe(1);
    expect(again.state).toBe(3);
    const good = nextState(learned, 3, later);
    expect(good.due.getTime() - later.getTime()).toBeGreaterThan(learned.due.getTime() - NOW.getTime());
  });

  it("gives the recall chance, falling with time since the review, and 0 for a new card", () => {
    const learned = nextState(fresh, 3, NOW);
    const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
    expect(retrievability(learned, NOW)).toBeCloseTo(1, 2);
    expect(retrievability(learned, days(30))).toBeLessThan(0.7);
    expect(retrievability(learned, days(30))).toBeLessThan(retrievability(learned, days(3)));
    expect(retrievability(fresh, NOW)).toBe(0);
  });

  it("keeps a state exactly through the log's snapshot", () => {
    const state = nextState(nextState(fresh, 3, NOW), 2, new Date(NOW.getTime() + 600_000));
    expect(stateOf(JSON.parse(JSON.stringify(snapshotOf(state))))).toEqual(state);
  });

  it("offers Again and Good only in pass/fail mode", () => {
    expect(ratingsFor("pass-fail")).toEqual([1, 3]);
    expect(ratingsFor("full")).toEqual([1, 2, 3, 4]);
  });

  it("labels intervals briefly and starts the day at UTC midnight", () => {
    expect([30, 600, 7200, 4 * 86_400, 60 * 86_400, 548 * 86_400].map(intervalLabel)).toEqual([
      "<1m",
      "10m",
      "2h",
      "4d",
      "2mo",
      "1.5y",
    ]);
    expect(dayStart(new Date("2026-03-01T23:59:00-03:00")).toISOString()).toBe("2026-03-02T00:00:00.000Z");
  });
});

describe("cards from missed questions", () => {
  const q = {
    question: "Which planet is red?",
    options: ["Venus", "Mars", "Earth", "Moon"],
    answer: "b",
    explanation: "Iron oxide.",
  };

  it("puts the question on the front and the right answer with its explanation on the back", () => {
    expect(quizMissCard(q)).toEqual({
      front: "Which planet is red?",
      back: "Mars — Iron oxide.",
      sourceKey: quizQuestionKey(q.question),
    });
  });

  it("keys the question by its text, whatever its spacing, case or punctuation", () => {
    expect(quizQuestionKey("  which PLANET is red ")).toBe(quizQuestionKey(q.question));
    expect(quizQuestionKey("Which planet is blue?")).not.toBe(quizQuestionKey(q.question));
  });
});

describe("the key-point drop rules", () => {
  const lesson =
    "<p>Plants turn light into sugar in their leaves.</p><p>Roots take up water &amp; salts from the soil.</p>";

  it("keeps a card whose sentence is in the lesson, and drops the others with their reason", () => {
    const { kept, dropped } = keepKeyPoints(
      [
        {
          front: "What do plants turn light into?",
          back: "Sugar",
          sentence: "Plants turn light into sugar in their leaves.",
        },
        {
          front: "What do roots take up?",
          back: "Water and salts",
          sentence: "Roots take up water & salts from the soil.",
        },
        { front: "Where do plants live?", back: "Everywhere", sentence: "Plants live everywhere." },
        {
          front: "Why are leaves green?",
          back: Array.from({ length: 26 }, (_, i) => `word${i}`).join(" "),
          sentence: "Plants turn light into sugar",
        },
        { front: "Plants turn light into sugar: into what?", back: "sugar", sentence: "Plants turn light into sugar" },
        { front: "What do plants turn light into?", back: "Glucose", sentence: "in their leaves" },
      ],
      lesson.replace(/<[^>]+>/g, " "),
    );
    expect(kept.map((k) => k.back)).toEqual(["Sugar", "Water and salts"]);
    expect(dropped.map((d) => d.reason)).toEqual([
      "sentence-not-in-lesson",
      "back-too-long",
      "front-gives-answer",
      "repeated",
    ]);
  });

  it("sees an answer given away when nearly all of the back's words are on the front", () => {
    expect(frontGivesAnswer("Is the capital of France Paris?", "Paris")).toBe(true);
    expect(frontGivesAnswer("What is the capital of France?", "Paris")).toBe(false);
    expect(frontGivesAnswer("What are the primary colours?", "red, green and blue")).toBe(false);
  });
});

describe("the CSV Anki imports", () => {
  it("quotes by RFC 4180 and writes Anki's header lines", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(cardsCsv([{ front: "F, 1", back: "B", tags: ["t1", "t2"] }])).toBe(
      '#separator:Comma\r\n#html:false\r\n#tags column:3\r\n"F, 1",B,t1 t2\r\n',
    );
  });

  it("makes tags without spaces or accents", () => {
    expect(slugTag("Física Básica: Leis!")).toBe("fisica-basica-leis");
    expect(slugTag("日本語 入門")).toBe("日本語-入門");
    expect(slugTag("!!!")).toBe("aula");
  });
});

describe("the CSV is safe to open in a spreadsheet", () => {
  it("neutralises a cell beginning with =, +, -, @, a tab or a carriage return, and only those", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      const cell = `${start}HYPERLINK("http://evil.example","x")`;
      const field = csvField(cell);
      // Quoted (it holds a quote and a comma), and the formula starts with an apostrophe.
      expect(field.startsWith(`"'${start}`)).toBe(true);
    }
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("-5 °C")).toBe("'-5 °C");
    expect(csvField("1 + 1 = 2")).toBe("1 + 1 = 2");
    expect(csvField("a@b.c")).toBe("a@b.c");
    const csv = cardsCsv([{ front: "=cmd|' /C calc'!A0", back: "@SUM(1,2)", tags: ["x"] }]);
    expect(csv.split("\r\n")[3]).toBe(`'=cmd|' /C calc'!A0,"'@SUM(1,2)",x`);
  });
});

describe("card text", () => {
  it("carries no citation markers or review mark, and keeps brackets that are content", () => {
    expect(cardText("Plants make sugar.[^2] And starch[^1][^3].")).toBe("Plants make sugar. And starch.");
    expect(cardText("↻ Review: light")).toBe("Review: light");
    expect(cardText("x lies in [0, 1] and a[2] is an array cell")).toBe("x lies in [0, 1] and a[2] is an array cell");
    const missed = { question: "Which planet?", options: ["Mars", "Earth"], answer: "b" };
    expect(quizMissCard({ ...missed, explanation: "Because it is the third planet.[^1]" }).back).toBe(
      "Earth — Because it is the third planet.",
    );
  });

  it("draws key points from the lesson's prose: no headings, no citation numbers, paragraphs apart", () => {
    const html =
      "<h2>↻ Review: Light</h2><p>Plants turn light into sugar." +
      '<sup class="citation"><a href="#cite-1">1</a></sup></p><p>Roots take up water &amp; salts.</p>' +
      "<ul><li>one</li><li>two</li></ul><p>x<sup>2</sup> grows</p>";
    expect(lessonProse(html)).toBe("Plants turn light into sugar. Roots take up water &amp; salts. one two x2 grows");
  });
});

describe("the day's caps and the queue's order", () => {
  it("lets through what the caps leave, and counts what they hold back", () => {
    // The new-card cap apart from the total: room for 10 grades, 2 of them new.
    expect(withinCaps({ seen: 3, fresh: 5 }, { left: 10, newLeft: 2 })).toEqual({
      seen: 3,
      fresh: 2,
      total: 5,
      heldBack: { seen: 0, fresh: 3 },
    });
    // The total cap: seen cards first, then no room for new ones.
    expect(withinCaps({ seen: 4, fresh: 5 }, { left: 3, newLeft: 2 })).toEqual({
      seen: 3,
      fresh: 0,
      total: 3,
      heldBack: { seen: 1, fresh: 5 },
    });
    expect(withinCaps({ seen: 0, fresh: 0 }, { left: 0, newLeft: 0 }).heldBack).toEqual({ seen: 0, fresh: 0 });
  });

  it("spreads new cards among those due now and shows learning cards ahead of time last", () => {
    expect(queueOrder(["d1", "d2", "d3", "d4"], ["n1", "n2"], ["a1"])).toEqual([
      "d1",
      "d2",
      "n1",
      "d3",
      "d4",
      "n2",
      "a1",
    ]);
    // A card just graded Good (due in minutes) comes after every new card, not first.
    expect(queueOrder([], ["n1", "n2"], ["a1"])).toEqual(["n1", "n2", "a1"]);
    expect(queueOrder(["d1"], [], ["a1", "a2"])).toEqual(["d1", "a1", "a2"]);
  });
});
