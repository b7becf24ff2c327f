"use client";
import { notify } from "@/components/notify";
import { DownloadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { safeFileName } from "@/lib/download-name";

/** Draws the receipt on a canvas and saves it as a PNG: no library, nothing leaves the browser. */
function drawReceipt(title: string, rows: Array<[string, string]>): string {
  const width = 900;
  const line = 44;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = 140 + rows.length * line;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#111827";
  ctx.font = "bold 32px sans-serif";
  ctx.fillText(title, 40, 70);
  ctx.font = "20px sans-serif";
  rows.forEach(([label, value], i) => {
    const y = 130 + i * line;
    ctx.fillStyle = "#6b7280";
    ctx.fillText(label, 40, y);
    ctx.fillStyle = "#111827";
    ctx.textAlign = "right";
    ctx.fillText(value, width - 40, y);
    ctx.textAlign = "left";
  });
  return canvas.toDataURL("image/png");
}

/** `name` is the file's name without its extension; it is made safe here, where the file is saved. */
export function ReceiptDownload({ title, rows, name }: { title: string; rows: Array<[string, string]>; name: string }) {
  const t = useTranslations("payment.success");
  function download() {
    const link = document.createElement("a");
    link.href = drawReceipt(title, rows);
    link.download = safeFileName(name, "png", "receipt");
    link.click();
    notify.success(t("downloaded"));
  }
  return (
    <Button variant="outline" onClick={download}>
      <DownloadIcon aria-hidden />
      {t("download")}
    </Button>
  );
}
