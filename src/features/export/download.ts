/** Browser side of Export: downloads a format, or reports that the server could not print. */
import { safeFileName } from "@/lib/download-name";
import { paths } from "@/lib/paths";

export type ExportFormatChoice = "pdf" | "md" | "scorm";
/** `limited`: the server refused for now (429, too many exports); its message says why. */
export type ExportOutcome = { ok: true } | { ok: false; printInstead: boolean; limited: boolean; message?: string };

const EXTENSIONS: Record<ExportFormatChoice, string> = { pdf: "pdf", md: "md.zip", scorm: "scorm.zip" };

/** The name the server gave (filename* first), made safe again here, where the file is saved. */
function fileNameOf(disposition: string | null, format: ExportFormatChoice): string {
  const ext = EXTENSIONS[format];
  let name = disposition?.match(/filename="([^"]+)"/)?.[1] ?? "";
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/)?.[1];
  if (encoded) {
    try {
      name = decodeURIComponent(encoded);
    } catch {
      // keep the plain name
    }
  }
  return safeFileName(name.endsWith(`.${ext}`) ? name.slice(0, -ext.length - 1) : name, ext, "course");
}

export async function downloadExport(courseId: string, format: ExportFormatChoice): Promise<ExportOutcome> {
  const response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/export?format=${format}`);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    return {
      ok: false,
      printInstead: body?.code === "export:browser-unavailable",
      limited: response.status === 429,
      message: body?.message,
    };
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response.headers.get("content-disposition"), format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true };
}

/** No browser on the server: the print view opens with the browser's own print dialog. */
export function openPrintView(courseId: string): void {
  window.open(paths.coursePrint(courseId, { print: true }), "_blank", "noopener");
}
