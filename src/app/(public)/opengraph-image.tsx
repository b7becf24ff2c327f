import { OG_SIZE, shareCard } from "@/features/site/og-image";

export const alt = "Aula: AI-made courses on any topic";
export const size = OG_SIZE;
export const contentType = "image/png";

/** The public pages' share card (drawn once at build: it names no page and no language-specific text). */
export default function Image() {
  return shareCard({ kicker: "AI course generator · Cursos com IA", title: "Turn any topic into a complete course", footer: "Quiz · Certificate · PDF · 38 languages" });
}
