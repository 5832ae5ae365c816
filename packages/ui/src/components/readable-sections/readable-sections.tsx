// A form's answers read in words (sections of question and answer, already Swedish from the
// server): a journal note (design §4.10) and a client's questionnaire answers (§4.19) alike.
import type { ReadableSection } from '@halsa/api';

export interface ReadableSectionsProps {
  sections: readonly ReadableSection[];
  /** Heading level of each section's title, to fit the page outline. */
  headingLevel: 3 | 4;
}

export function ReadableSections({ sections, headingLevel }: ReadableSectionsProps) {
  const Sub = `h${headingLevel}` as const;
  return sections.map((section, index) => (
    <section key={index} className="flex flex-col gap-2">
      {section.title ? <Sub className="font-semibold">{section.title}</Sub> : null}
      <dl className="flex flex-col gap-2">
        {section.items.map((item, i) => (
          <div key={i} className="flex flex-col gap-0.5">
            <dt className="text-sm text-fg-muted">{item.question}</dt>
            <dd className="whitespace-pre-line">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  ));
}
