// SAMPLE COPY: the banner that ends /about-me (its story is in about.ts).
export const aboutCta = {
  heading: 'Ready to stop missing calls?',
  body: "Book a short call. We'll look at where your leads leak and whether an AI agent is worth it for you.",
  button: 'Book a Call',
} as const;
