export interface PlaceholderScreenProps {
  /** The page's Swedish name, e.g. 'Provsvar'. */
  title: string;
}

/** A signed-in page whose real content is built by a later issue; it says so in Swedish. */
export function PlaceholderScreen({ title }: PlaceholderScreenProps) {
  return (
    <section aria-labelledby="placeholder-title" className="mx-auto max-w-prose p-6">
      <h1 id="placeholder-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="mt-2">Den här sidan är under uppbyggnad och kommer i en senare version.</p>
    </section>
  );
}
