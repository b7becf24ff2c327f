"use client";

import { ArrowLeftIcon, DownloadIcon, LinkIcon, PartyPopperIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { safeFileName } from "@/lib/download-name";
import { paths } from "@/lib/paths";
import { CertificatePicture } from "./certificate-picture";

/** "Congratulations!", the certificate picture, and what can be done with it. */
export function CertificateView(props: {
  courseId: string;
  holderName: string;
  courseTitle: string;
  /** The certificate's date in the page's language (certificateDate in the UI locale). */
  date: string;
  imageUrl: string;
  publicUrl: string;
  linkedInUrl: string;
}) {
  const t = useTranslations("quiz.certificate");
  const [busy, setBusy] = React.useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(props.imageUrl);
      if (!response.ok) return;
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = safeFileName(props.courseTitle, "png", "certificate");
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      notify.success(t("downloaded"));
    } catch {
      // SPEC: a failed download only clears the busy state.
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.publicUrl);
      notify.success(t("linkCopied"));
    } catch {
      notify.info(props.publicUrl);
    }
  };

  return (
    <main id="main" className="mx-auto flex min-h-svh w-full max-w-4xl flex-col items-center gap-6 px-4 py-10">
      <PartyPopperIcon className="size-10 text-primary" aria-hidden />
      <h1 className="text-center text-3xl font-bold tracking-tight">{t("congratulations")}</h1>
      <p className="text-center text-muted-foreground">
        <span dir="auto" className="font-medium text-foreground">
          {props.holderName}
        </span>{" "}
        · <span dir="auto">{props.courseTitle}</span> · {t("on", { date: props.date })}
      </p>
      <CertificatePicture
        src={props.imageUrl}
        alt={t("imageAlt", { name: props.holderName, course: props.courseTitle })}
        labels={{ drawing: t("drawing"), failed: t("drawFailed") }}
        width={1200}
        height={850}
        testId="certificate-image"
      />
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" asChild>
          <Link href={paths.course(props.courseId)}>
            <ArrowLeftIcon aria-hidden />
            {t("back")}
          </Link>
        </Button>
        <Button onClick={download} disabled={busy}>
          <DownloadIcon aria-hidden />
          {t("download")}
        </Button>
      </div>
      <section className="w-full space-y-3 rounded-lg border p-5" aria-labelledby="certificate-share">
        <h2 id="certificate-share" className="font-semibold">
          {t("shareHeading")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("shareText")}</p>
        <p className="text-sm break-all">
          <a
            href={props.publicUrl}
            className="text-primary underline underline-offset-4"
            data-testid="certificate-public-link"
          >
            {props.publicUrl}
          </a>
        </p>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={copy}>
            <LinkIcon aria-hidden />
            {t("copyLink")}
          </Button>
          <Button variant="outline" asChild>
            <a href={props.linkedInUrl} target="_blank" rel="noopener noreferrer">
              {t("linkedIn")}
            </a>
          </Button>
        </div>
      </section>
    </main>
  );
}
