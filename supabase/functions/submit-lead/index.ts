// submit-lead: a lead past the site's ceiling, behind the bot check (see handler.ts).
import { createHandler } from './handler.ts';
import { settingsFromEnv } from './settings.ts';

Deno.serve(createHandler(settingsFromEnv(Deno.env.toObject())));
