// SAMPLE COPY: replace with your own words.

export const afterHoursBanner = {
  heading: 'Tired of Missing After-Hours Calls?',
  body: 'Most homeowners call the next company on the list if nobody picks up. Your agent never sleeps.',
  button: 'Get your agent',
} as const;

export const repeatBanner = {
  heading: 'Want to stop repeating yourself on every call?',
  body: 'Your agent answers the same ten questions the same right way, every time, and hands you only the calls worth your time.',
} as const;
