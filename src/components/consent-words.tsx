/** The words a visitor agrees to a call with, and the link to the privacy page. */
export function ConsentWords({ copy }: { copy: { consent: string; consentLink: string } }) {
  return (
    <>
      {copy.consent}{' '}
      <a href="/privacy" className="font-semibold text-brand-700 underline">
        {copy.consentLink}
      </a>
    </>
  );
}
