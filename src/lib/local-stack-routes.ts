/**
 * The local stack's own addresses (`npm start`, `npm run dev`, the tests), in one map: the local
 * build's configuration points at some, the local stack serves them all, the tests read them.
 * None exists on a deployed site. The stand-ins for Cloudflare and Vapi answer under their
 * prefix as the real services answer under theirs.
 */
export const LOCAL_ROUTES = {
  /** Everything below answers only a request addressed to this machine by name. */
  prefix: '/local',
  /** The automation webhook's stand-in (VITE_CONTACT_WEBHOOK_URL). */
  webhook: '/local/webhook',
  /** The inbox: leads, callbacks, call reports and webhook deliveries, as a page. */
  inbox: '/local/leads',
  leadsJson: '/local/leads.json',
  callbacksJson: '/local/callbacks.json',
  callReportsJson: '/local/call-reports.json',
  webhookDeliveriesJson: '/local/webhook-deliveries.json',
  /** What the Vapi stand-in received, oldest first. */
  vapiCallsJson: '/local/vapi-calls.json',
  /** Where browsers report CSP violations (VITE_CSP_REPORT_URI), and what they reported. */
  cspReports: '/local/csp-reports',
  cspReportsJson: '/local/csp-reports.json',
  /** Plausible's events API's stand-in (VITE_PLAUSIBLE_ENDPOINT), and what it received. */
  events: '/local/events',
  eventsJson: '/local/events.json',
  /**
   * Cal.com's booking page's stand-in (VITE_BOOKING_URL locally): `<path>/embed` is the page
   * Cal's embed opens in its frame, `<path>` the page a new tab opens; each shows the prefill
   * it received.
   */
  booking: '/local/booking',
  /** A placeholder for the demo video (VITE_DEMO_VIDEO_URL). */
  demoVideo: '/local/demo-video',
  /** Cloudflare Turnstile's stand-in: /api.js, /siteverify, /mode. */
  turnstile: '/local/turnstile',
  turnstileScript: '/local/turnstile/api.js',
  turnstileVerify: '/local/turnstile/siteverify',
  turnstileMode: '/local/turnstile/mode',
  /**
   * Vapi's API's stand-in (the functions' VAPI_API_URL): /call, /calls/:id/end,
   * /calls/:id/tool-calls, /mode.
   */
  vapi: '/local/vapi',
  vapiMode: '/local/vapi/mode',
  /** Sends Vapi's end-of-call report for a call the stand-in recorded. */
  vapiCallEnd: (callId: string) => `/local/vapi/calls/${encodeURIComponent(callId)}/end`,
  /** Sends Vapi's tool-calls message for a call the stand-in recorded: its model called a tool. */
  vapiCallToolCalls: (callId: string) =>
    `/local/vapi/calls/${encodeURIComponent(callId)}/tool-calls`,
} as const;
