// vapi-events: the assistant's Server URL, end-of-call reports (see handler.ts).
import { createHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';

Deno.serve(createHandler(settingsFromEnv(Deno.env.toObject())));
