import { strToU8, zipSync } from "fflate";
import { type ExportDocument, youtubeWatchUrl } from "./document";
import { inlineImage, pad, slug } from "./files";
import { htmlToMarkdown } from "./html-to-markdown";
import { markdownFootnotes } from "./citations";
import type { ExportLabels } from "./labels";

const yamlString = (value: string) => JSON.stringify(value);

/**
 * The Markdown archive: a README with the Index, then one `.md` per lesson, per topic folder.
 * Pictures stay referenced by their address and credited; inline pictures become files.
 */
export function markdownArchive(doc: ExportDocument, labels: ExportLabels): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const index: string[] = [];
  doc.topics.forEach((topic, t) => {
    const folder = `${pad(t + 1)}-${slug(topic.title, "topic")}`;
    index.push(`\n### ${topic.title}\n`);
    topic.lessons.forEach((lesson, l) => {
      const file = `${folder}/${pad(l + 1)}-${slug(lesson.title, "lesson")}.md`;
      index.push(`- [${lesson.title}](${encodeURI(file)})`);
      const parts = [
        `---\ncourse: ${yamlString(doc.course.mainTopic)}\ntopic: ${yamlString(topic.title)}\ntitle: ${yamlString(lesson.title)}\n---`,
        `# ${lesson.title}`,
      ];
      if (!lesson.completed) {
        parts.push(`*${labels.notCompleted(lesson.title)}*`);
      } else {
        if (lesson.youtubeId) parts.push(`${labels.video} <${youtubeWatchUrl(lesson.youtubeId)}>`);
        else if (lesson.imageUrl) {
          const inline = inlineImage(lesson.imageUrl);
          let src = lesson.imageUrl;
          if (inline) {
            src = `../images/${pad(t + 1)}-${pad(l + 1)}.${inline.ext}`;
            files[`images/${pad(t + 1)}-${pad(l + 1)}.${inline.ext}`] = inline.bytes;
          }
          parts.push(`![${labels.imageAlt(lesson.title)}](${src})`);
          if (lesson.imageAttribution) parts.push(`*${labels.imageBy(lesson.imageAttribution)}*`);
        }
        parts.push(htmlToMarkdown(lesson.theory));
        // One lesson a file: its `[^n]` are unique in it, the definitions follow the text.
        parts.push(markdownFootnotes(lesson.citations));
      }
      files[file] = strToU8(parts.filter(Boolean).join("\n\n") + "\n");
    });
  });
  const readme = [
    `# ${doc.course.mainTopic}`,
    "",
    `${labels.courseType(doc.course.type)} · ${labels.language(doc.course.lang)}`,
    "",
    `## ${labels.index}`,
    ...index,
    "",
  ].join("\n");
  files["README.md"] = strToU8(readme);
  return zipSync(files, { level: 6 });
}
