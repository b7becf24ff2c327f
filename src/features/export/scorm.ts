import { strToU8, zipSync } from "fflate";
import { type ExportDocument, textDirection, youtubeWatchUrl } from "./document";
import { citationsHtml } from "./citations";
import { inlineImage, pad } from "./files";
import type { ExportLabels } from "./labels";

/** XML and HTML text and attribute values. */
const esc = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

// Formulas: the package carries no KaTeX stylesheet or fonts, so a lesson's formulas show as
// their MathML (which browsers lay out themselves) and KaTeX's HTML copy of them is hidden.
const STYLE = `.katex-html{display:none}.katex-display{display:block;text-align:center;margin:1em 0}
body{font-family:'Noto Sans',system-ui,sans-serif;line-height:1.6;margin:0;color:#111;background:#fff}
main{max-width:48rem;margin:0 auto;padding:1rem 1.25rem}
img{max-width:100%;height:auto}figcaption,.credit{font-size:.8rem;color:#555}
.placeholder{font-style:italic;color:#555}
header{display:flex;gap:.5rem;align-items:center;justify-content:space-between;padding:.5rem 1rem;border-bottom:1px solid #ddd;flex-wrap:wrap}
header h1{font-size:1.1rem;margin:0}
iframe{border:0;width:100%;height:calc(100vh - 4rem)}
button{font:inherit;padding:.35rem .8rem}
`;

/**
 * The launch page's script: finds the LMS's SCORM 1.2 API (window.API in a parent or opener
 * frame), keeps the position in cmi.core.lesson_location, and sets cmi.core.lesson_status to
 * "completed" when the last lesson is reached. Without an LMS the package still reads.
 */
const SCRIPT = `(function () {
  function findAPI(win) {
    for (var i = 0; win && i < 20; i++) {
      if (win.API) return win.API;
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findAPI(window) || (window.opener ? findAPI(window.opener) : null);
  var lessons = JSON.parse(document.getElementById("lessons").textContent);
  var frame = document.getElementById("lesson");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var position = document.getElementById("position");
  var current = 0;
  var finished = false;
  if (api && String(api.LMSInitialize("")) === "true") {
    var status = api.LMSGetValue("cmi.core.lesson_status");
    if (!status || status === "not attempted") api.LMSSetValue("cmi.core.lesson_status", "incomplete");
    var saved = parseInt(api.LMSGetValue("cmi.core.lesson_location"), 10);
    if (saved >= 0 && saved < lessons.length) current = saved;
    api.LMSCommit("");
  } else {
    api = null;
  }
  function show(i) {
    current = i;
    frame.src = lessons[i].href;
    frame.title = lessons[i].title;
    position.textContent = position.dataset.template.replace("{n}", i + 1).replace("{total}", lessons.length);
    prev.disabled = i === 0;
    next.disabled = i === lessons.length - 1;
    if (!api) return;
    api.LMSSetValue("cmi.core.lesson_location", String(i));
    if (i === lessons.length - 1) api.LMSSetValue("cmi.core.lesson_status", "completed");
    api.LMSCommit("");
  }
  function finish() {
    if (api && !finished) {
      finished = true;
      api.LMSFinish("");
    }
  }
  prev.addEventListener("click", function () { if (current > 0) show(current - 1); });
  next.addEventListener("click", function () { if (current < lessons.length - 1) show(current + 1); });
  window.addEventListener("pagehide", finish);
  window.addEventListener("beforeunload", finish);
  show(current);
})();
`;

function lessonPage(
  doc: ExportDocument,
  topicTitle: string,
  lesson: ExportDocument["topics"][number]["lessons"][number],
  image: string | null,
  labels: ExportLabels,
  langCode: string,
): string {
  let body: string;
  if (!lesson.completed) body = `<p class="placeholder">${esc(labels.notCompleted(lesson.title))}</p>`;
  else {
    let media = "";
    if (lesson.youtubeId)
      media = `<p>${esc(labels.video)} <a href="${esc(youtubeWatchUrl(lesson.youtubeId))}" target="_blank" rel="noopener">${esc(youtubeWatchUrl(lesson.youtubeId))}</a></p>`;
    else if (image) {
      const credit = lesson.imageAttribution
        ? `<figcaption>${esc(labels.imageBy(lesson.imageAttribution))}</figcaption>`
        : "";
      media = `<figure><img src="${esc(image)}" alt="${esc(labels.imageAlt(lesson.title))}">${credit}</figure>`;
    }
    // The theory is stored sanitized (src/server/html/sanitize.ts).
    body = media + lesson.theory + citationsHtml(lesson.citations, labels, esc);
  }
  return `<!doctype html>
<html lang="${esc(langCode)}" dir="${textDirection(doc.course.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(lesson.title)}</title><link rel="stylesheet" href="../style.css"></head>
<body><main><p class="credit">${esc(topicTitle)}</p><h2>${esc(lesson.title)}</h2>${body}</main></body>
</html>
`;
}

/**
 * A SCORM 1.2 package (one SCO): imsmanifest.xml at the root, a launch page (index.html) that
 * reports completion when the last lesson is reached, and each lesson as its own HTML page.
 */
export function scormPackage(doc: ExportDocument, labels: ExportLabels, langCode: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const lessons: { href: string; title: string }[] = [];
  doc.topics.forEach((topic, t) => {
    topic.lessons.forEach((lesson, l) => {
      const name = `${pad(t + 1)}-${pad(l + 1)}`;
      let image = lesson.imageUrl;
      const inline = image ? inlineImage(image) : undefined;
      if (inline) {
        files[`images/${name}.${inline.ext}`] = inline.bytes;
        image = `../images/${name}.${inline.ext}`;
      }
      files[`lessons/${name}.html`] = strToU8(lessonPage(doc, topic.title, lesson, image, labels, langCode));
      lessons.push({ href: `lessons/${name}.html`, title: lesson.title });
    });
  });
  const title = esc(doc.course.mainTopic);
  const data = JSON.stringify(lessons).replace(/</g, "\\u003c");
  files["index.html"] = strToU8(`<!doctype html>
<html lang="${esc(langCode)}" dir="${textDirection(doc.course.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="style.css"></head>
<body>
<header><h1>${title}</h1><span id="position" data-template="${esc(labels.lessonOfTemplate)}"></span>
<span><button type="button" id="prev">${esc(labels.previous)}</button> <button type="button" id="next">${esc(labels.next)}</button></span></header>
<iframe id="lesson" title=""></iframe>
<script type="application/json" id="lessons">${data}</script>
<script src="scorm.js"></script>
</body>
</html>
`);
  files["style.css"] = strToU8(STYLE);
  files["scorm.js"] = strToU8(SCRIPT);
  const fileList = Object.keys(files)
    .sort()
    .map((href) => `      <file href="${esc(href)}"/>`)
    .join("\n");
  files["imsmanifest.xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="aula.course.${doc.course.id}" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${title}</title>
      <item identifier="item_1" identifierref="res_1" isvisible="true">
        <title>${title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res_1" type="webcontent" adlcp:scormtype="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`);
  return zipSync(files, { level: 6 });
}
