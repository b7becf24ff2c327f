/**
 * The fixed document set of `npm run eval:grounding` (and of bench:sources' search): documents
 * made for the test, in Portuguese, English, Spanish, Japanese, Chinese and Arabic, each a few
 * dozen pages of plausible filler with facts planted on known pages. Deterministic (a seeded
 * generator), so every run ranks the same corpus. Each question is asked the way a learner
 * would, not copied from the fact: other words, missing accents, a typo, a short CJK query.
 */
import { makeDocx, makePdf } from "../tests/fakes/source-documents.mjs";

/** Mulberry32: a small seeded generator, so the filler is the same every run. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FILLER = {
  pt: [
    "A história da região mostra como o comércio mudou a vida das cidades.",
    "Muitos estudantes aprendem melhor quando revisam o conteúdo por alguns minutos todos os dias.",
    "O clima tropical favorece a agricultura durante grande parte do ano.",
    "As escolas públicas ampliaram o acesso à educação nas últimas décadas.",
    "A energia elétrica chegou ao interior do país de forma gradual.",
    "Os rios da bacia amazônica transportam grandes volumes de água e sedimentos.",
    "A culinária tradicional combina ingredientes indígenas, africanos e europeus.",
    "O transporte ferroviário teve papel importante no desenvolvimento econômico.",
    "A produção de café influenciou a ocupação de vastas áreas do território.",
    "As florestas tropicais abrigam uma enorme diversidade de espécies.",
    "A população urbana cresceu rapidamente durante o século passado.",
    "O estudo da língua portuguesa inclui gramática, literatura e redação.",
  ],
  en: [
    "The history of the region shows how trade changed life in its towns.",
    "Many students learn better when they review the material for a few minutes every day.",
    "A temperate climate allows farming for most of the year.",
    "Public libraries widened access to books during the last century.",
    "Electric power reached rural areas only gradually.",
    "Rivers carry large volumes of water and sediment to the sea.",
    "Traditional cooking mixes local ingredients with those brought by traders.",
    "Railways played an important part in economic growth.",
    "Wool production shaped how much of the land was used.",
    "Forests shelter a great variety of plants and animals.",
    "The urban population grew quickly after the war.",
    "The study of language covers grammar, literature and writing.",
  ],
  es: [
    "La historia de la región muestra cómo el comercio cambió la vida de las ciudades.",
    "Muchos estudiantes aprenden mejor cuando repasan el contenido unos minutos cada día.",
    "El clima templado favorece la agricultura durante gran parte del año.",
    "Las bibliotecas públicas ampliaron el acceso a los libros.",
    "La electricidad llegó al campo de forma gradual.",
    "Los ríos transportan grandes volúmenes de agua y sedimentos.",
    "La cocina tradicional combina ingredientes indígenas y europeos.",
    "El ferrocarril tuvo un papel importante en el desarrollo económico.",
    "La minería influyó en la ocupación de amplias zonas del territorio.",
    "Los bosques albergan una enorme diversidad de especies.",
  ],
  ja: [
    "この地域の歴史は、交易が町の暮らしをどのように変えたかを示している。",
    "多くの学生は、毎日数分間復習すると、よりよく学ぶことができる。",
    "温暖な気候のおかげで、一年の大半は農業ができる。",
    "公立図書館は、本を読む機会を広げてきた。",
    "電気は少しずつ農村にも届くようになった。",
    "川は大量の水と土砂を海へ運んでいる。",
    "伝統的な料理は、地元の食材と外国から来た食材を組み合わせている。",
    "鉄道は経済の発展に大きな役割を果たした。",
    "森林には多くの種類の植物や動物が暮らしている。",
    "戦後、都市の人口は急速に増えた。",
  ],
  zh: [
    "这个地区的历史显示了贸易如何改变城市的生活。",
    "许多学生每天复习几分钟，学习效果会更好。",
    "温和的气候使一年中大部分时间都可以耕作。",
    "公共图书馆扩大了人们读书的机会。",
    "电力逐渐进入了农村地区。",
    "河流把大量的水和泥沙带入大海。",
    "传统菜肴把本地食材和外来食材结合在一起。",
    "铁路在经济发展中发挥了重要作用。",
    "森林里生活着各种各样的植物和动物。",
    "战后城市人口迅速增长。",
  ],
  ar: [
    "يبين تاريخ المنطقة كيف غيرت التجارة حياة المدن.",
    "يتعلم كثير من الطلاب بشكل أفضل عندما يراجعون الدروس بضع دقائق كل يوم.",
    "يسمح المناخ المعتدل بالزراعة خلال معظم أيام السنة.",
    "وسعت المكتبات العامة فرص القراءة أمام الناس.",
    "وصلت الكهرباء إلى الريف بشكل تدريجي.",
    "تحمل الأنهار كميات كبيرة من المياه والطمي إلى البحر.",
    "يجمع الطبخ التقليدي بين المكونات المحلية والمستوردة.",
    "أدت السكك الحديدية دورا مهما في النمو الاقتصادي.",
    "تأوي الغابات تنوعا كبيرا من النباتات والحيوانات.",
    "نما عدد سكان المدن بسرعة بعد الحرب.",
  ],
};

/**
 * Facts: `page` where it is planted, `needle` a part of it a right answer must hold, `q` the
 * learner's question. Pages are real PDF pages; in DOCX the fact is the page's own paragraph.
 */
const DOCS = [
  {
    name: "energia.pdf",
    lang: "pt",
    kind: "pdf",
    pages: 40,
    facts: [
      {
        page: 3,
        needle: "Itaipu",
        fact: "A usina de Itaipu gera cerca de noventa milhões de megawatts-hora por ano.",
        q: "quanta energia a usina de itaipu gera por ano",
      },
      {
        page: 9,
        needle: "Santos Dumont",
        fact: "Santos Dumont voou com o 14-Bis em Paris no ano de 1906.",
        q: "em que ano santos dumont voou com o 14 bis",
      },
      {
        page: 14,
        needle: "Pantanal",
        fact: "O Pantanal é a maior planície alagável do planeta, com cerca de 150 mil quilômetros quadrados.",
        q: "maior planicie alagavel do mundo",
      },
      {
        page: 21,
        needle: "Guimarães Rosa",
        fact: "Guimarães Rosa publicou Grande Sertão: Veredas em 1956.",
        q: "quando foi publicado grande sertao veredas",
      },
      {
        page: 27,
        needle: "pororoca",
        fact: "A pororoca é uma onda que sobe o rio Amazonas quando a maré encontra a correnteza.",
        q: "onda que sobe o rio amazonas",
      },
      {
        page: 33,
        needle: "ipê-amarelo",
        fact: "O ipê-amarelo floresce no fim do inverno, antes de as folhas brotarem.",
        q: "quando floresce o ipe amarelo",
      },
      {
        page: 38,
        needle: "Carlos Chagas",
        fact: "Carlos Chagas descreveu em 1909 a doença transmitida pelo barbeiro.",
        q: "doença transmitida pelo barbeiro descrita por chagas",
      },
    ],
  },
  {
    name: "science.docx",
    lang: "en",
    kind: "docx",
    pages: 30,
    facts: [
      {
        page: 4,
        needle: "mitochondria",
        fact: "The mitochondria produce most of the cell's supply of adenosine triphosphate.",
        q: "which organelle makes most ATP in a cell",
      },
      {
        page: 8,
        needle: "Marie Curie",
        fact: "Marie Curie won a second Nobel Prize, in chemistry, in 1911.",
        q: "marie curie second nobel prize chemistry year",
      },
      {
        page: 13,
        needle: "Mariana Trench",
        fact: "The Mariana Trench reaches a depth of nearly eleven thousand metres.",
        q: "how deep is the mariana trench",
      },
      {
        page: 19,
        needle: "Tardigrades",
        fact: "Tardigrades survive dehydration by entering a state called cryptobiosis.",
        q: "tardigrade cryptobiosis dehydration",
      },
      {
        page: 24,
        needle: "Kepler",
        fact: "Kepler's third law relates a planet's orbital period to the size of its orbit.",
        q: "keplers law orbital period and orbit size",
      },
      {
        page: 28,
        needle: "photosynthesis",
        fact: "In photosynthesis, chlorophyll captures light to turn carbon dioxide and water into glucose.",
        q: "photosyntesis chlorophyl glucose",
      },
    ],
  },
  {
    name: "historia.pdf",
    lang: "es",
    kind: "pdf",
    pages: 30,
    facts: [
      {
        page: 5,
        needle: "Machu Picchu",
        fact: "Machu Picchu fue construida por los incas a mediados del siglo quince.",
        q: "quien construyo machu picchu",
      },
      {
        page: 12,
        needle: "Cervantes",
        fact: "Cervantes publicó la primera parte del Quijote en 1605.",
        q: "año de publicacion del quijote",
      },
      {
        page: 18,
        needle: "Atacama",
        fact: "El desierto de Atacama es uno de los lugares más secos de la Tierra.",
        q: "desierto mas seco de la tierra",
      },
      {
        page: 25,
        needle: "Frida Kahlo",
        fact: "Frida Kahlo pintó muchos autorretratos en su casa azul de Coyoacán.",
        q: "autorretratos casa azul coyoacan",
      },
    ],
  },
  {
    name: "nihon.md",
    lang: "ja",
    kind: "md",
    pages: 20,
    facts: [
      {
        page: 3,
        needle: "富士山",
        fact: "富士山の標高は三七七六メートルで、日本で一番高い山である。",
        q: "富士山の高さ",
      },
      { page: 7, needle: "新幹線", fact: "新幹線は一九六四年に東京と大阪の間で開業した。", q: "新幹線の開業" },
      { page: 11, needle: "紫式部", fact: "紫式部は平安時代に源氏物語を書いた。", q: "源氏物語の作者" },
      { page: 15, needle: "桜前線", fact: "桜前線は春に南から北へ進んでいく。", q: "桜前線" },
      { page: 18, needle: "北海道", fact: "北海道の冬は寒く、雪祭りには多くの観光客が訪れる。", q: "雪祭り 北海道" },
    ],
  },
  {
    name: "zhongguo.md",
    lang: "zh",
    kind: "md",
    pages: 20,
    facts: [
      { page: 2, needle: "长城", fact: "长城总长度超过两万公里，是古代的军事防御工程。", q: "长城有多长" },
      { page: 6, needle: "大熊猫", fact: "大熊猫主要以竹子为食，生活在四川的山区。", q: "大熊猫吃什么" },
      { page: 10, needle: "长江", fact: "长江是中国最长的河流，全长约六千三百公里。", q: "中国最长的河" },
      { page: 14, needle: "活字印刷", fact: "毕昇在北宋时期发明了活字印刷术。", q: "活字印刷的发明" },
      { page: 17, needle: "丝绸之路", fact: "丝绸之路连接了古代中国和地中海地区。", q: "丝绸之路连接哪里" },
    ],
  },
  {
    name: "misr.docx",
    lang: "ar",
    kind: "docx",
    pages: 20,
    facts: [
      { page: 2, needle: "النيل", fact: "نهر النيل هو أطول نهر في أفريقيا ويمر بالقاهرة.", q: "أطول نهر في أفريقيا" },
      {
        page: 6,
        needle: "الأهرامات",
        fact: "بنيت الأهرامات في الجيزة قبل أكثر من أربعة آلاف عام.",
        q: "متى بنيت الأهرامات",
      },
      { page: 10, needle: "ابن سينا", fact: "كتب ابن سينا كتاب القانون في الطب.", q: "كتاب القانون في الطب" },
      {
        page: 14,
        needle: "البتراء",
        fact: "مدينة البتراء منحوتة في الصخر الوردي جنوب الأردن.",
        q: "مدينة منحوتة في الصخر",
      },
      { page: 17, needle: "الخوارزمي", fact: "وضع الخوارزمي أسس علم الجبر.", q: "مؤسس علم الجبر" },
    ],
  },
];

/** A page of filler: 10–14 sentences of the language, in an order the seed decides. */
function fillerPage(lang, random) {
  const pool = FILLER[lang];
  const count = 10 + Math.floor(random() * 5);
  return Array.from({ length: count }, () => pool[Math.floor(random() * pool.length)]);
}

/** Every document of the set, built: `{ name, lang, kind, bytes, facts }`. */
export function groundingSet() {
  return DOCS.map((doc, d) => {
    const random = seeded(1000 + d);
    const pages = Array.from({ length: doc.pages }, (_, i) => {
      const lines = fillerPage(doc.lang, random);
      const fact = doc.facts.find((f) => f.page === i + 1);
      if (fact) lines.splice(Math.floor(random() * lines.length), 0, fact.fact);
      return lines;
    });
    let bytes;
    if (doc.kind === "pdf") bytes = makePdf(pages);
    else if (doc.kind === "docx")
      bytes = makeDocx(pages.flatMap((lines, i) => [{ heading: `${i + 1}`, level: 2 }, { text: lines.join(" ") }]));
    else bytes = Buffer.from(pages.map((lines, i) => `## ${i + 1}\n\n${lines.join("")}\n`).join("\n"), "utf8");
    return { name: doc.name, lang: doc.lang, kind: doc.kind, bytes, facts: doc.facts };
  });
}

/** A PDF of `pages` pages of Portuguese filler, for timing ingestion. */
export function longPdf(pages, seed = 7) {
  const random = seeded(seed);
  return makePdf(Array.from({ length: pages }, () => fillerPage("pt", random)));
}

/** A DOCX of about `pages` pages (PAGE_CHARS each) of English filler under headings. */
export function longDocx(pages, seed = 8) {
  const random = seeded(seed);
  return makeDocx(
    Array.from({ length: pages }, (_, i) => [
      { heading: `Section ${i + 1}`, level: 1 },
      ...Array.from({ length: 3 }, () => ({ text: fillerPage("en", random).join(" ") })),
    ]).flat(),
  );
}
