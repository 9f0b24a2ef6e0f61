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
