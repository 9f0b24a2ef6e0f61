// SAMPLE COPY: words of "Hear it answer as your business", the fields in the hero
// beside the voice demo (server mode). In the first load: keep them short. The trades' names in
// the select are src/content/trades/index.ts's.

export const ownBusiness = {
  summary: 'Hear it answer as your business',
  intro:
    'Type your business name and the agent answers as your receptionist, on the call and on Call my phone.',
  nameLabel: 'Business name',
  tradeLabel: 'Trade',
  chooseTrade: 'Choose your trade',
  cityLabel: 'City (optional)',
  // One plain line per field when what was typed is not taken (contracts/business.ts's rule).
  errors: {
    business_name:
      "Type just your business name: up to 60 letters, numbers, spaces and & ' . , - (no web address, e-mail or phone number).",
    trade: 'Choose the trade closest to yours.',
    city: "Type just the city name: up to 60 letters, spaces and & ' . , - (no web address, e-mail or phone number).",
  },
} as const;
