// `npm run agent:diff`: compares the assistant VAPI_ASSISTANT_ID names on Vapi with
// agent/assistant.ts, the variables from the shell or .env. Exit 0 the same, 1 different (each
// field named by its path, no value printed), 2 not compared (a variable missing, Vapi
// unreachable, no such assistant).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentEnvironment, diffAssistant } from './lib/assistant-sync';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const { code, lines } = await diffAssistant(agentEnvironment(root));
for (const line of lines) (code === 2 ? console.error : console.log)(line);
process.exit(code);
