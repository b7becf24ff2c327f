/**
 * Deterministic text for the fake model: words in the script of the requested language, so a
 * test can tell Japanese output from English output, and the same prompt gives the same answer.
 */

const WORDS: Record<string, string[]> = {
  English: [
    "learning",
    "practice",
    "foundations",
    "ideas",
    "methods",
    "examples",
    "history",
    "tools",
    "review",
    "models",
    "systems",
    "design",
    "analysis",
    "structure",
    "principles",
    "patterns",
  ],
  Portuguese: [
    "aprendizagem",
    "prática",
    "fundamentos",
    "ideias",
    "métodos",
    "exemplos",
    "história",
    "ferramentas",
    "revisão",
    "modelos",
    "sistemas",
    "projeto",
    "análise",
    "estrutura",
    "princípios",
    "padrões",
  ],
  Spanish: [
    "aprendizaje",
    "práctica",
    "fundamentos",
    "ideas",
    "métodos",
    "ejemplos",
    "historia",
    "herramientas",
    "repaso",
    "modelos",
    "sistemas",
    "diseño",
    "análisis",
    "estructura",
    "principios",
    "patrones",
  ],
  French: [
    "apprentissage",
    "pratique",
    "fondements",
    "idées",
    "méthodes",
    "exemples",
    "histoire",
    "outils",
    "révision",
    "modèles",
    "systèmes",
    "conception",
    "analyse",
    "structure",
    "principes",
    "motifs",
  ],
  German: [
    "Lernen",
    "Praxis",
    "Grundlagen",
    "Ideen",
    "Methoden",
    "Beispiele",
    "Geschichte",
    "Werkzeuge",
    "Wiederholung",
    "Modelle",
    "Systeme",
    "Entwurf",
    "Analyse",
    "Struktur",
    "Prinzipien",
    "Muster",
  ],
  cyrillic: [
    "обучение",
    "практика",
    "основы",
    "идеи",
    "методы",
    "примеры",
    "история",
    "инструменты",
    "обзор",
    "модели",
    "системы",
    "анализ",
    "структура",
    "принципы",
  ],
  arabic: [
    "التعلم",
    "الممارسة",
    "الأساسيات",
    "الأفكار",
    "الطرق",
    "الأمثلة",
    "التاريخ",
    "الأدوات",
    "المراجعة",
    "النماذج",
    "الأنظمة",
    "التحليل",
  ],
  han: ["学习", "实践", "基础", "思想", "方法", "例子", "历史", "工具", "复习", "模型", "系统", "分析", "结构", "原则"],
  japanese: [
    "学習",
    "れんしゅう",
    "きそ",
    "アイデア",
    "ほうほう",
    "れい",
    "れきし",
    "ツール",
    "ふくしゅう",
    "モデル",
    "システム",
    "ぶんせき",
  ],
  hangul: ["학습", "연습", "기초", "아이디어", "방법", "예제", "역사", "도구", "복습", "모델", "시스템", "분석"],
  devanagari: [
    "सीखना",
    "अभ्यास",
    "मूल",
    "विचार",
    "तरीके",
    "उदाहरण",
    "इतिहास",
    "उपकरण",
    "समीक्षा",
    "मॉडल",
    "प्रणाली",
    "विश्लेषण",
  ],
  bengali: ["শিক্ষা", "অনুশীলন", "ভিত্তি", "ধারণা", "পদ্ধতি", "উদাহরণ", "ইতিহাস", "সরঞ্জাম", "পর্যালোচনা", "মডেল"],
  greek: [
    "μάθηση",
    "πρακτική",
    "βάσεις",
    "ιδέες",
    "μέθοδοι",
    "παραδείγματα",
    "ιστορία",
    "εργαλεία",
    "ανασκόπηση",
    "μοντέλα",
  ],
  hebrew: ["למידה", "תרגול", "יסודות", "רעיונות", "שיטות", "דוגמאות", "היסטוריה", "כלים", "סקירה", "מודלים"],
  thai: ["การเรียนรู้", "การฝึกฝน", "พื้นฐาน", "แนวคิด", "วิธีการ", "ตัวอย่าง", "ประวัติ", "เครื่องมือ", "ทบทวน", "แบบจำลอง"],
};

const SCRIPT_OF: Record<string, string> = {
  Russian: "cyrillic",
  Ukrainian: "cyrillic",
  Bulgarian: "cyrillic",
  Serbian: "cyrillic",
  Arabic: "arabic",
  Chinese: "han",
  Japanese: "japanese",
  Korean: "hangul",
  Hindi: "devanagari",
  Bengali: "bengali",
  Greek: "greek",
  Hebrew: "hebrew",
  Thai: "thai",
};

function wordsFor(language: string | undefined): string[] {
  if (!language) return WORDS.English;
  return WORDS[language] ?? WORDS[SCRIPT_OF[language] ?? ""] ?? WORDS.English;
}

/** A small seeded PRNG (mulberry32): the same seed, the same text. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export class FakeWriter {
  private readonly random: () => number;
  private readonly words: string[];
  /** The labels given so far (lower case), so no two in one answer read the same. */
  private readonly labels = new Set<string>();
  constructor(language: string | undefined, seed: number) {
    this.words = wordsFor(language);
    this.random = seededRandom(seed);
  }
  word(): string {
    return this.words[Math.floor(this.random() * this.words.length)];
  }
  phrase(count: number): string {
    const parts = Array.from({ length: count }, () => this.word());
    parts[0] = parts[0].charAt(0).toUpperCase() + parts[0].slice(1);
    return parts.join(" ");
  }
  /**
   * A short label (a title, a question, an option) unlike any other in this answer, as a model's
   * are: drawn from 16 words, a quiz's fifty or so three-word phrases would repeat one in about
   * a quarter of quizzes, and a test that finds a question or an option by its text would fail.
   */
  label(count: number): string {
    let text = this.phrase(count);
    // A new draw, not this phrase lengthened (it would still contain the first); one word more
    // after every 8 draws, so the loop ends even if the short phrases run out.
    for (let tries = 0; this.labels.has(text.toLowerCase()); tries++) text = this.phrase(count + Math.floor(tries / 8));
    this.labels.add(text.toLowerCase());
    return text;
  }
  sentence(): string {
    return `${this.phrase(6 + Math.floor(this.random() * 6))}.`;
  }
  pick<T>(items: T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }
  /** A lesson in Markdown: a heading, paragraphs, a list and a short code sample. */
  lessonMarkdown(title: string): string {
    const paragraph = () => Array.from({ length: 4 }, () => this.sentence()).join(" ");
    return [
      `## ${title}`,
      "",
      paragraph(),
      "",
      `### ${this.phrase(2)}`,
      "",
      `- **${this.phrase(2)}**: ${this.sentence()}`,
      `- **${this.phrase(2)}**: ${this.sentence()}`,
      `- **${this.phrase(2)}**: ${this.sentence()}`,
      "",
      paragraph(),
      "",
      "```",
      `example("${this.word()}")`,
      "```",
      "",
      paragraph(),
    ].join("\n");
  }
}
