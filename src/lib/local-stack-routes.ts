/** The local stack's addresses; none exists on a deployed site. */
export const LOCAL_ROUTES = {
  /** Answers only a request addressed to this machine by name. */
  prefix: '/local',
  webhook: '/local/webhook',
  inbox: '/local/leads',
  leadsJson: '/local/leads.json',
  callbacksJson: '/local/callbacks.json',
  callReportsJson: '/local/call-reports.json',
  webhookDeliveriesJson: '/local/webhook-deliveries.json',
  vapiCallsJson: '/local/vapi-calls.json',
  cspReports: '/local/csp-reports',
  cspReportsJson: '/local/csp-reports.json',
  events: '/local/events',
  eventsJson: '/local/events.json',
  /** `<path>/embed` is what Cal's embed frames, `<path>` what a new tab opens. */
  booking: '/local/booking',
  demoVideo: '/local/demo-video',
  turnstile: '/local/turnstile',
  turnstileScript: '/local/turnstile/api.js',
  turnstileVerify: '/local/turnstile/siteverify',
  turnstileMode: '/local/turnstile/mode',
  vapi: '/local/vapi',
  vapiMode: '/local/vapi/mode',
  vapiCallEnd: (callId: string) => `/local/vapi/calls/${encodeURIComponent(callId)}/end`,
  vapiCallToolCalls: (callId: string) =>
    `/local/vapi/calls/${encodeURIComponent(callId)}/tool-calls`,
} as const;
