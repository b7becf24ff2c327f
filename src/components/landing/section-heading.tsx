/** A landing section's title and lead line; `id` names the heading for the section's aria-labelledby. */
export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-3 text-lg text-balance text-muted-foreground">{subtitle}</p>}
    </div>
  );
}
