import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { ERROR_TEXT, sendContactForm, storedRows, uniqueEmail } from './contact-form';
import { expect, test } from './fixtures';
import { useOwnStack } from './own-stack';

/**
 * The lead outbox through the server `npm start` runs (server/main.ts, its worker every 10 s),
 * with the owner's webhook pointed at a test inbox: a lead whose post failed while the visitor
 * waited, and a lead whose post was cut by `kill -9` of the server, are each posted once, signed,
 * with the webhook-id of their earlier attempts, within 150 s of the inbox answering again or of
 * the server starting again.
 */

/** What the owner's automation verifies posts with (whsec_ and a base64 key of 32 bytes). */
const SECRET = 'whsec_b3V0Ym94LXNwZWMtc2lnbmluZy1rZXktMzItYnl0ZXM=';
/** The acceptance's bound, from the inbox answering again or the server starting again. */
const POSTED_WITHIN_S = 150;
/** How long no further post may arrive after the one answered 2xx: past a run of the worker. */
const QUIET_MS = 15_000;

interface Post {
  /** When it arrived (ms since the epoch). */
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the inbox answered; `held` while unanswered; `cut` when the sender went away first. */
  answer: number | 'held' | 'cut';
}

/** The owner's automation: records every post and answers `mode`, or holds it unanswered. */
const inbox = { mode: 500 as 200 | 500 | 'hold', posts: [] as Post[] };
let inboxServer: Server | undefined;
let inboxUrl = '';

// Before the stack's hook (hooks run in the order they are declared): the stack posts here.
test.beforeAll(async () => {
  inboxServer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const post: Post = { at: Date.now(), headers: request.headers, body, answer: 'held' };
      inbox.posts.push(post);
      if (inbox.mode === 'hold') {
        response.on('close', () => {
          if (!response.writableEnded) post.answer = 'cut';
        });
        return;
      }
      post.answer = inbox.mode;
      response.writeHead(inbox.mode).end();
    });
  });
  await new Promise<void>((listening) => inboxServer!.listen(0, '127.0.0.1', listening));
  const address = inboxServer.address();
  if (!address || typeof address === 'string') throw new Error('the inbox has no port');
  inboxUrl = `http://127.0.0.1:${address.port}/hook`;
});

test.afterAll(async () => {
  inboxServer?.closeAllConnections();
  await new Promise((closed) => inboxServer?.close(closed));
});

const { origin: ORIGIN, stack } = useOwnStack('outbox', {
  // Read when the stack starts, after the inbox listens.
  get LOCAL_FUNCTION_CONTACT_WEBHOOK_URL() {
    return inboxUrl;
  },
  CONTACT_WEBHOOK_SECRET: SECRET,
});

/** The posts of one lead (its webhook-id). */
const postsOf = (id: string) => inbox.posts.filter((post) => post.headers['webhook-id'] === id);
const answered2xx = (post: Post) => typeof post.answer === 'number' && post.answer < 300;

/**
 * Waits for the lead's post answered 2xx (the bound is the acceptance's, from `since`), prints how
 * long it took, then checks that it is the only one, signed, with the lead's webhook-id, and that
 * nothing follows it.
 */
async function expectPostedOnce(id: string, since: number, what: string) {
  await expect
    .poll(() => postsOf(id).filter(answered2xx).length, {
      timeout: POSTED_WITHIN_S * 1000,
      intervals: [500],
      message: `${what}: posted with 2xx within ${POSTED_WITHIN_S} s`,
    })
    .toBeGreaterThan(0);
  const posted = postsOf(id).find(answered2xx)!;
  const seconds = (posted.at - since) / 1000;
  console.log(`${what}: posted ${seconds.toFixed(1)} s after`);
  expect(seconds).toBeLessThanOrEqual(POSTED_WITHIN_S);
  new Webhook(SECRET).verify(posted.body, posted.headers as Record<string, string>);
  expect((JSON.parse(posted.body) as { id: string }).id).toBe(id);

  // Nothing after it: the delivery is done, no worker run posts it again.
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  const all = postsOf(id);
  expect(all.filter(answered2xx)).toHaveLength(1);
  expect(all.at(-1)).toBe(posted);
}

test('a lead sent once while the inbox answers 500, then left, is posted once when it answers 200 again', async ({
  page,
  request,
}) => {
  // The acceptance's 150 s for the post, and the quiet after it, are longer than a test's budget.
  test.setTimeout((POSTED_WITHIN_S + 60) * 1000 + QUIET_MS);
  inbox.mode = 500;
  const email = uniqueEmail('outbox failing inbox');
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/functions/v1/submit-lead')) answers.push(response.status());
  });
  await sendContactForm(page, email);
  await expect(page.locator('#contact').getByRole('alert')).toContainText(ERROR_TEXT);
  const [stored] = await storedRows(request, email);
  expect(stored).toBeDefined();
  const failed = postsOf(stored!.id);
  expect(failed.length).toBeGreaterThan(0);
  expect(failed.every((post) => post.answer === 500)).toBe(true);
  // One press, one try of the function (which tried the post itself): the page does not repeat
  // it, as each repeat would put the outbox's next attempt further off.
  expect(answers).toEqual([502]);
  await page.close();

  inbox.mode = 200;
  const switched = Date.now();
  await expectPostedOnce(stored!.id, switched, 'after the inbox answered 200 again');
  const posts = postsOf(stored!.id);
  // Every attempt, failed or not, was the lead's one message.
  expect(new Set(posts.map((post) => post.headers['webhook-id']))).toEqual(new Set([stored!.id]));
  expect(posts.filter(answered2xx)[0]!.at).toBeGreaterThanOrEqual(switched);
});

test('a lead whose post was cut by kill -9 of the server is posted once after it starts again', async () => {
  test.setTimeout((POSTED_WITHIN_S + 60) * 1000 + QUIET_MS);
  inbox.mode = 'hold';
  const id = crypto.randomUUID();
  const lead = {
    id,
    name: 'Dana Lee',
    email: uniqueEmail('outbox kill -9'),
    phone: '555 010 2030',
    company: null,
    message: 'We miss calls after 6 pm.',
    created_at: new Date().toISOString(),
  };
  // The visitor's press: submit-lead stores the lead and posts it at once; the inbox holds the post.
  const pressed = fetch(`${ORIGIN}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY_DEFAULT,
      authorization: `Bearer ${LOCAL_ANON_KEY_DEFAULT}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(lead),
  }).then(
    (answer) => `answered ${answer.status}`,
    () => 'cut',
  );
  await expect.poll(() => postsOf(id).length).toBe(1);
  const [cut] = postsOf(id);
  expect(cut!.answer).toBe('held');

  await stack().kill();
  expect(await pressed).toBe('cut');
  await expect.poll(() => cut!.answer).toBe('cut');
  // Nothing answers at the port any more.
  const refused = await fetch(ORIGIN).then(
    () => 'answered',
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );
  expect(refused).toBe('ECONNREFUSED');

  inbox.mode = 200;
  const restarted = Date.now();
  await stack().restart();
  // The lead the killed server had stored is there.
  const rows = (await (await fetch(`${ORIGIN}${LOCAL_ROUTES.leadsJson}`)).json()) as {
    id: string;
  }[];
  expect(rows.map((row) => row.id)).toContain(id);

  await expectPostedOnce(id, restarted, 'after the server started again');
  // Before the restart, only the post the kill cut (the press's own timeout did not end it).
  expect(postsOf(id).filter((post) => post.at < restarted)).toEqual([cut]);
});
