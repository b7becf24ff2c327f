import type { Locale } from "@/i18n/config";

type ExamplePost = {
  locale: Locale;
  title: string;
  excerpt: string;
  content: string;
  category: "ai" | "education" | "technology";
  tags: string;
  featured: boolean;
  popular: boolean;
  /** The cover's two gradient colours (RGB). */
  colors: [[number, number, number], [number, number, number]];
};

/** A fresh install's blog: a few example posts per language, marked `example` so the admin can tell and delete them. */
export const EXAMPLE_POSTS: ExamplePost[] = [
  {
    locale: "en",
    title: "How Aula turns a topic into a course",
    excerpt: "From a single topic to an outline, lessons, a quiz and a certificate: a look at each step.",
    category: "ai",
    tags: "aula,ai,courses",
    featured: true,
    popular: true,
    colors: [
      [79, 70, 229],
      [14, 165, 233],
    ],
    content: `<p>You type a topic and, if you like, a few subtopics. Aula asks an AI model for an outline and shows it to you before anything else is written.</p>
<h2>From outline to lessons</h2>
<p>Once you accept the outline, each lesson is written as you open it, with an image or a video chosen for its title. The next lesson is prepared in the background.</p>
<h2>Learning with it</h2>
<p>Ask the AI teacher about anything you read, keep notes per course, take the quiz at the end and receive your certificate.</p>`,
  },
  {
    locale: "en",
    title: "Five tips for choosing a good course topic",
    excerpt: "A precise topic and a few well-chosen subtopics make a clearer, more useful course.",
    category: "education",
    tags: "tips,learning",
    featured: false,
    popular: true,
    colors: [
      [16, 185, 129],
      [59, 130, 246],
    ],
    content: `<ol>
<li><strong>Be specific.</strong> "Photosynthesis in C4 plants" gives a sharper course than "Biology".</li>
<li><strong>Add subtopics</strong> for what you must not miss.</li>
<li><strong>Pick the language</strong> you want to study in.</li>
<li><strong>Choose the course type</strong>: text and images, or video and text.</li>
<li><strong>Review the outline</strong> before generating: it is the course's map.</li>
</ol>`,
  },
  {
    locale: "en",
    title: "Studying offline and exporting to PDF",
    excerpt: "Take your courses with you: download them for offline reading or export them as a PDF.",
    category: "technology",
    tags: "offline,pdf",
    featured: false,
    popular: false,
    colors: [
      [244, 114, 182],
      [168, 85, 247],
    ],
    content: `<p>A course you generated is yours to keep. Export it to PDF to print or archive it, or download it to read without a connection.</p>
<p>Only completed lessons carry their text into the PDF, so finish the lessons you want to keep first.</p>`,
  },
  {
    locale: "pt",
    title: "Como o Aula transforma um tema em um curso",
    excerpt: "De um único tema a roteiro, aulas, quiz e certificado: um olhar sobre cada etapa.",
    category: "ai",
    tags: "aula,ia,cursos",
    featured: true,
    popular: true,
    colors: [
      [79, 70, 229],
      [14, 165, 233],
    ],
    content: `<p>Você digita um tema e, se quiser, alguns subtemas. O Aula pede a um modelo de IA um roteiro e o mostra a você antes de escrever qualquer outra coisa.</p>
<h2>Do roteiro às aulas</h2>
<p>Depois que você aceita o roteiro, cada aula é escrita quando você a abre, com uma imagem ou um vídeo escolhido pelo título. A próxima aula é preparada em segundo plano.</p>
<h2>Aprendendo com ele</h2>
<p>Pergunte ao professor de IA sobre o que leu, faça anotações por curso, responda ao quiz no final e receba o seu certificado.</p>`,
  },
  {
    locale: "pt",
    title: "Cinco dicas para escolher um bom tema de curso",
    excerpt: "Um tema preciso e alguns subtemas bem escolhidos geram um curso mais claro e útil.",
    category: "education",
    tags: "dicas,aprendizagem",
    featured: false,
    popular: true,
    colors: [
      [16, 185, 129],
      [59, 130, 246],
    ],
    content: `<ol>
<li><strong>Seja específico.</strong> "Fotossíntese em plantas C4" rende um curso mais nítido que "Biologia".</li>
<li><strong>Adicione subtemas</strong> para o que não pode faltar.</li>
<li><strong>Escolha o idioma</strong> em que quer estudar.</li>
<li><strong>Escolha o tipo de curso</strong>: texto e imagens, ou vídeo e texto.</li>
<li><strong>Revise o roteiro</strong> antes de gerar: ele é o mapa do curso.</li>
</ol>`,
  },
  {
    locale: "pt",
    title: "Estudar offline e exportar em PDF",
    excerpt: "Leve seus cursos com você: baixe-os para ler sem internet ou exporte-os em PDF.",
    category: "technology",
    tags: "offline,pdf",
    featured: false,
    popular: false,
    colors: [
      [244, 114, 182],
      [168, 85, 247],
    ],
    content: `<p>Um curso que você gerou é seu. Exporte-o em PDF para imprimir ou arquivar, ou baixe-o para ler sem conexão.</p>
<p>Só as aulas concluídas levam o texto para o PDF; conclua primeiro as aulas que quer guardar.</p>`,
  },
];
