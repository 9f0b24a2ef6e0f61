-- The site's database: every table, function, policy and grant, in the order they are made.
-- `supabase db push` applies it to the hosted project and the local stack to its embedded
-- Postgres; supabase/tests prove it on that and on PostgreSQL 15. A change is a new migration
-- beside this one.
--
-- Who may do what:
--   * `postgres` runs this file and owns what it makes (hosted, `postgres` is not a superuser).
--     anon, authenticated and service_role are Supabase's API roles (the local stack makes them:
--     server/postgres/local-bootstrap.sql).
--   * The public keys (roles anon and authenticated) may insert a lead into
--     public.contact_submissions, column by column, past its policy, CHECK constraints and guard
--     trigger, and nothing else: they read nothing.
--   * Everything else goes through the public functions below: each runs as its owner (security
--     definer) and only service_role, the Edge Functions' key, may execute it.
--   * A project created since 2026-10-30 grants the API roles nothing on what postgres makes in
--     public; an older one grants them everything (the tests run both). So each table and
--     function in public revokes all from the public keys, each function revokes all from PUBLIC
--     (which may execute any new function), and execute goes only to the roles that call it.
--
-- The limits (leads, callbacks, demo calls, chats, reports) are counted here, each under one
-- transaction lock, so they hold across function instances and concurrent requests; the
-- functions pass their configured numbers in.

create schema if not exists private;
revoke all on schema private from public;

-- Shared -----------------------------------------------------------------------------------------

-- Raises PostgREST's 'PGRST' error: `body` is what the caller reads ({code, message, details,
-- hint}), `status` the HTTP status. The lead guard's refusals:
--   LG001  400  more than one row in one request
--   LG002  429  too many accepted submissions from one client address
--   LG003  429  too many accepted submissions through the data API (an hour, a day)
--   LG004  429  too many submissions through the bot check in the function's window
create function private.refuse(status integer, body json, retry_after_seconds integer default null)
returns void language plpgsql set search_path = '' as $$
begin
  raise sqlstate 'PGRST'
    using message = body::text,
          detail = json_build_object(
            'status', status,
            'headers', case when retry_after_seconds is null then json_build_object()
                            else json_build_object('Retry-After', retry_after_seconds::text) end
          )::text;
end
$$;

-- The client's address as the data API passes it in request.headers. Cloudflare, in front of
-- hosted Supabase, sets cf-connecting-ip to the address that connected and overwrites a value
-- the caller sent; x-forwarded-for is the caller's to write except for the entries proxies
-- append on the right, so its rightmost entry is taken, never the leftmost. Null outside a
-- request (the SQL editor, a service-role script). Sources: docs/security.md.
create function private.request_client_address() returns text
language sql stable set search_path = '' as $$
  select left(coalesce(
    nullif(btrim(h ->> 'cf-connecting-ip'), ''),
    nullif(btrim(regexp_replace(h ->> 'x-forwarded-for', '^.*,', '')), '')
  ), 100)
  from (select nullif(current_setting('request.headers', true), '')::json as h) as request
$$;

-- The bucket a client address counts in: an IPv4 address itself (an IPv4-mapped IPv6 address
-- too), an IPv6 address its /48 (a site's usual assignment, a tunnel broker's routed prefix: one
-- home or office is one client), any spelling of one address the same ('2001:DB8::1',
-- '2001:0db8::1', ' 2001:db8::1<tab>'); null, empty or unparsable: the shared bucket 'unknown'.
create function private.client_bucket(address text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  trimmed text := regexp_replace(coalesce(address, ''), '^[\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+|[\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+$', '', 'g');
  parsed inet;
begin
  if trimmed = '' then
    return 'unknown';
  end if;
  parsed := trimmed::inet;
  if family(parsed) = 6 and parsed << '::ffff:0.0.0.0/96'::inet then
    parsed := '0.0.0.0'::inet + (host(parsed)::inet - '::ffff:0.0.0.0'::inet);
  end if;
  if family(parsed) = 6 then
    return host(network(set_masklen(parsed, 48))) || '/48';
  end if;
  return host(parsed);
exception when others then
  return 'unknown';
end
$$;

-- A limit's refusal, the one shape of every claim (a demo call's, a chat message's), read by one
-- parser (supabase/functions/_shared/contracts/claim.ts): {outcome: limited, limit:
-- `limit_name`, retry_after}, retry_after the whole seconds (at least 1) until the oldest counted
-- try, at `oldest`, leaves its window of `window_length` (0 when `oldest` is already the time it
-- frees).
create function private.claim_limited(limit_name text, oldest timestamptz, window_length interval)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object('outcome', 'limited', 'limit', limit_name, 'retry_after',
    greatest(1, ceil(extract(epoch from oldest + window_length - now())))::integer);
$$;

revoke all on function private.refuse(integer, json, integer), private.request_client_address(),
  private.client_bucket(text), private.claim_limited(text, timestamptz, interval)
  from public, anon, authenticated;

-- Leads ------------------------------------------------------------------------------------------

-- What a lead's fields must be, by the rules of supabase/functions/_shared/lead-rules.ts and
-- lead-fields.ts (the form and the submit-lead function use the same files; supabase/tests
-- compare them with these functions over every code point). SQL-standard bodies, parsed once
-- here: the caller needs no rights on the private schema.

-- Real content: at least one character that is not white space. "White space" is every Unicode
-- White_Space character, plus U+180E, U+200B-U+200D, U+2060 and U+FEFF, which show nothing
-- either.
create function private.has_visible_text(value text) returns boolean
language sql immutable strict parallel safe
return value ~ '[^\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]';

-- Controls: C0, DEL and C1, and the bidirectional embeddings, overrides and isolates.
create function private.has_control(value text) returns boolean
language sql immutable strict parallel safe
return value ~ '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]';

-- The same, less line feed and carriage return (a message may have line breaks).
create function private.has_control_but_line_breaks(value text) returns boolean
language sql immutable strict parallel safe
return value ~ '[\u0001-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]';

-- Generated by `npm run lead-rules:sql` from supabase/functions/_shared/lead-rules.ts
-- (isLetterOrDigit: \p{L} and \p{N} of Unicode 17.0, less the Hangul fillers).
create function private.has_letter_or_digit(value text) returns boolean
language sql immutable strict parallel safe
return value ~ (
  '[\u0030-\u0039\u0041-\u005a\u0061-\u007a\u00aa\u00b2-\u00b3\u00b5\u00b9-\u00ba\u00bc-\u00be'
  '\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02c1\u02c6-\u02d1\u02e0-\u02e4\u02ec\u02ee\u0370-\u0374'
  '\u0376-\u0377\u037a-\u037d\u037f\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03f5\u03f7-\u0481'
  '\u048a-\u052f\u0531-\u0556\u0559\u0560-\u0588\u05d0-\u05ea\u05ef-\u05f2\u0620-\u064a'
  '\u0660-\u0669\u066e-\u066f\u0671-\u06d3\u06d5\u06e5-\u06e6\u06ee-\u06fc\u06ff\u0710\u0712-\u072f'
  '\u074d-\u07a5\u07b1\u07c0-\u07ea\u07f4-\u07f5\u07fa\u0800-\u0815\u081a\u0824\u0828\u0840-\u0858'
  '\u0860-\u086a\u0870-\u0887\u0889-\u088f\u08a0-\u08c9\u0904-\u0939\u093d\u0950\u0958-\u0961'
  '\u0966-\u096f\u0971-\u0980\u0985-\u098c\u098f-\u0990\u0993-\u09a8\u09aa-\u09b0\u09b2'
  '\u09b6-\u09b9\u09bd\u09ce\u09dc-\u09dd\u09df-\u09e1\u09e6-\u09f1\u09f4-\u09f9\u09fc\u0a05-\u0a0a'
  '\u0a0f-\u0a10\u0a13-\u0a28\u0a2a-\u0a30\u0a32-\u0a33\u0a35-\u0a36\u0a38-\u0a39\u0a59-\u0a5c'
  '\u0a5e\u0a66-\u0a6f\u0a72-\u0a74\u0a85-\u0a8d\u0a8f-\u0a91\u0a93-\u0aa8\u0aaa-\u0ab0'
  '\u0ab2-\u0ab3\u0ab5-\u0ab9\u0abd\u0ad0\u0ae0-\u0ae1\u0ae6-\u0aef\u0af9\u0b05-\u0b0c\u0b0f-\u0b10'
  '\u0b13-\u0b28\u0b2a-\u0b30\u0b32-\u0b33\u0b35-\u0b39\u0b3d\u0b5c-\u0b5d\u0b5f-\u0b61'
  '\u0b66-\u0b6f\u0b71-\u0b77\u0b83\u0b85-\u0b8a\u0b8e-\u0b90\u0b92-\u0b95\u0b99-\u0b9a\u0b9c'
  '\u0b9e-\u0b9f\u0ba3-\u0ba4\u0ba8-\u0baa\u0bae-\u0bb9\u0bd0\u0be6-\u0bf2\u0c05-\u0c0c'
  '\u0c0e-\u0c10\u0c12-\u0c28\u0c2a-\u0c39\u0c3d\u0c58-\u0c5a\u0c5c-\u0c5d\u0c60-\u0c61'
  '\u0c66-\u0c6f\u0c78-\u0c7e\u0c80\u0c85-\u0c8c\u0c8e-\u0c90\u0c92-\u0ca8\u0caa-\u0cb3'
  '\u0cb5-\u0cb9\u0cbd\u0cdc-\u0cde\u0ce0-\u0ce1\u0ce6-\u0cef\u0cf1-\u0cf2\u0d04-\u0d0c'
  '\u0d0e-\u0d10\u0d12-\u0d3a\u0d3d\u0d4e\u0d54-\u0d56\u0d58-\u0d61\u0d66-\u0d78\u0d7a-\u0d7f'
  '\u0d85-\u0d96\u0d9a-\u0db1\u0db3-\u0dbb\u0dbd\u0dc0-\u0dc6\u0de6-\u0def\u0e01-\u0e30'
  '\u0e32-\u0e33\u0e40-\u0e46\u0e50-\u0e59\u0e81-\u0e82\u0e84\u0e86-\u0e8a\u0e8c-\u0ea3\u0ea5'
  '\u0ea7-\u0eb0\u0eb2-\u0eb3\u0ebd\u0ec0-\u0ec4\u0ec6\u0ed0-\u0ed9\u0edc-\u0edf\u0f00\u0f20-\u0f33'
  '\u0f40-\u0f47\u0f49-\u0f6c\u0f88-\u0f8c\u1000-\u102a\u103f-\u1049\u1050-\u1055\u105a-\u105d'
  '\u1061\u1065-\u1066\u106e-\u1070\u1075-\u1081\u108e\u1090-\u1099\u10a0-\u10c5\u10c7\u10cd'
  '\u10d0-\u10fa\u10fc-\u115e\u1161-\u1248\u124a-\u124d\u1250-\u1256\u1258\u125a-\u125d'
  '\u1260-\u1288\u128a-\u128d\u1290-\u12b0\u12b2-\u12b5\u12b8-\u12be\u12c0\u12c2-\u12c5'
  '\u12c8-\u12d6\u12d8-\u1310\u1312-\u1315\u1318-\u135a\u1369-\u137c\u1380-\u138f\u13a0-\u13f5'
  '\u13f8-\u13fd\u1401-\u166c\u166f-\u167f\u1681-\u169a\u16a0-\u16ea\u16ee-\u16f8\u1700-\u1711'
  '\u171f-\u1731\u1740-\u1751\u1760-\u176c\u176e-\u1770\u1780-\u17b3\u17d7\u17dc\u17e0-\u17e9'
  '\u17f0-\u17f9\u1810-\u1819\u1820-\u1878\u1880-\u1884\u1887-\u18a8\u18aa\u18b0-\u18f5'
  '\u1900-\u191e\u1946-\u196d\u1970-\u1974\u1980-\u19ab\u19b0-\u19c9\u19d0-\u19da\u1a00-\u1a16'
  '\u1a20-\u1a54\u1a80-\u1a89\u1a90-\u1a99\u1aa7\u1b05-\u1b33\u1b45-\u1b4c\u1b50-\u1b59'
  '\u1b83-\u1ba0\u1bae-\u1be5\u1c00-\u1c23\u1c40-\u1c49\u1c4d-\u1c7d\u1c80-\u1c8a\u1c90-\u1cba'
  '\u1cbd-\u1cbf\u1ce9-\u1cec\u1cee-\u1cf3\u1cf5-\u1cf6\u1cfa\u1d00-\u1dbf\u1e00-\u1f15'
  '\u1f18-\u1f1d\u1f20-\u1f45\u1f48-\u1f4d\u1f50-\u1f57\u1f59\u1f5b\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4'
  '\u1fb6-\u1fbc\u1fbe\u1fc2-\u1fc4\u1fc6-\u1fcc\u1fd0-\u1fd3\u1fd6-\u1fdb\u1fe0-\u1fec'
  '\u1ff2-\u1ff4\u1ff6-\u1ffc\u2070-\u2071\u2074-\u2079\u207f-\u2089\u2090-\u209c\u2102\u2107'
  '\u210a-\u2113\u2115\u2119-\u211d\u2124\u2126\u2128\u212a-\u212d\u212f-\u2139\u213c-\u213f'
  '\u2145-\u2149\u214e\u2150-\u2189\u2460-\u249b\u24ea-\u24ff\u2776-\u2793\u2c00-\u2ce4'
  '\u2ceb-\u2cee\u2cf2-\u2cf3\u2cfd\u2d00-\u2d25\u2d27\u2d2d\u2d30-\u2d67\u2d6f\u2d80-\u2d96'
  '\u2da0-\u2da6\u2da8-\u2dae\u2db0-\u2db6\u2db8-\u2dbe\u2dc0-\u2dc6\u2dc8-\u2dce\u2dd0-\u2dd6'
  '\u2dd8-\u2dde\u2e2f\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3038-\u303c\u3041-\u3096'
  '\u309d-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3105-\u312f\u3131-\u3163\u3165-\u318e\u3192-\u3195'
  '\u31a0-\u31bf\u31f0-\u31ff\u3220-\u3229\u3248-\u324f\u3251-\u325f\u3280-\u3289\u32b1-\u32bf'
  '\u3400-\u4dbf\u4e00-\ua48c\ua4d0-\ua4fd\ua500-\ua60c\ua610-\ua62b\ua640-\ua66e\ua67f-\ua69d'
  '\ua6a0-\ua6ef\ua717-\ua71f\ua722-\ua788\ua78b-\ua7dc\ua7f1-\ua801\ua803-\ua805\ua807-\ua80a'
  '\ua80c-\ua822\ua830-\ua835\ua840-\ua873\ua882-\ua8b3\ua8d0-\ua8d9\ua8f2-\ua8f7\ua8fb'
  '\ua8fd-\ua8fe\ua900-\ua925\ua930-\ua946\ua960-\ua97c\ua984-\ua9b2\ua9cf-\ua9d9\ua9e0-\ua9e4'
  '\ua9e6-\ua9fe\uaa00-\uaa28\uaa40-\uaa42\uaa44-\uaa4b\uaa50-\uaa59\uaa60-\uaa76\uaa7a'
  '\uaa7e-\uaaaf\uaab1\uaab5-\uaab6\uaab9-\uaabd\uaac0\uaac2\uaadb-\uaadd\uaae0-\uaaea\uaaf2-\uaaf4'
  '\uab01-\uab06\uab09-\uab0e\uab11-\uab16\uab20-\uab26\uab28-\uab2e\uab30-\uab5a\uab5c-\uab69'
  '\uab70-\uabe2\uabf0-\uabf9\uac00-\ud7a3\ud7b0-\ud7c6\ud7cb-\ud7fb\uf900-\ufa6d\ufa70-\ufad9'
  '\ufb00-\ufb06\ufb13-\ufb17\ufb1d\ufb1f-\ufb28\ufb2a-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41'
  '\ufb43-\ufb44\ufb46-\ufbb1\ufbd3-\ufd3d\ufd50-\ufd8f\ufd92-\ufdc7\ufdf0-\ufdfb\ufe70-\ufe74'
  '\ufe76-\ufefc\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\uff9f\uffa1-\uffbe\uffc2-\uffc7'
  '\uffca-\uffcf\uffd2-\uffd7\uffda-\uffdc\U00010000-\U0001000b\U0001000d-\U00010026'
  '\U00010028-\U0001003a\U0001003c-\U0001003d\U0001003f-\U0001004d\U00010050-\U0001005d'
  '\U00010080-\U000100fa\U00010107-\U00010133\U00010140-\U00010178\U0001018a-\U0001018b'
  '\U00010280-\U0001029c\U000102a0-\U000102d0\U000102e1-\U000102fb\U00010300-\U00010323'
  '\U0001032d-\U0001034a\U00010350-\U00010375\U00010380-\U0001039d\U000103a0-\U000103c3'
  '\U000103c8-\U000103cf\U000103d1-\U000103d5\U00010400-\U0001049d\U000104a0-\U000104a9'
  '\U000104b0-\U000104d3\U000104d8-\U000104fb\U00010500-\U00010527\U00010530-\U00010563'
  '\U00010570-\U0001057a\U0001057c-\U0001058a\U0001058c-\U00010592\U00010594-\U00010595'
  '\U00010597-\U000105a1\U000105a3-\U000105b1\U000105b3-\U000105b9\U000105bb-\U000105bc'
  '\U000105c0-\U000105f3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767'
  '\U00010780-\U00010785\U00010787-\U000107b0\U000107b2-\U000107ba\U00010800-\U00010805\U00010808'
  '\U0001080a-\U00010835\U00010837-\U00010838\U0001083c\U0001083f-\U00010855\U00010858-\U00010876'
  '\U00010879-\U0001089e\U000108a7-\U000108af\U000108e0-\U000108f2\U000108f4-\U000108f5'
  '\U000108fb-\U0001091b\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109b7'
  '\U000109bc-\U000109cf\U000109d2-\U00010a00\U00010a10-\U00010a13\U00010a15-\U00010a17'
  '\U00010a19-\U00010a35\U00010a40-\U00010a48\U00010a60-\U00010a7e\U00010a80-\U00010a9f'
  '\U00010ac0-\U00010ac7\U00010ac9-\U00010ae4\U00010aeb-\U00010aef\U00010b00-\U00010b35'
  '\U00010b40-\U00010b55\U00010b58-\U00010b72\U00010b78-\U00010b91\U00010ba9-\U00010baf'
  '\U00010c00-\U00010c48\U00010c80-\U00010cb2\U00010cc0-\U00010cf2\U00010cfa-\U00010d23'
  '\U00010d30-\U00010d39\U00010d40-\U00010d65\U00010d6f-\U00010d85\U00010e60-\U00010e7e'
  '\U00010e80-\U00010ea9\U00010eb0-\U00010eb1\U00010ec2-\U00010ec7\U00010f00-\U00010f27'
  '\U00010f30-\U00010f45\U00010f51-\U00010f54\U00010f70-\U00010f81\U00010fb0-\U00010fcb'
  '\U00010fe0-\U00010ff6\U00011003-\U00011037\U00011052-\U0001106f\U00011071-\U00011072\U00011075'
  '\U00011083-\U000110af\U000110d0-\U000110e8\U000110f0-\U000110f9\U00011103-\U00011126'
  '\U00011136-\U0001113f\U00011144\U00011147\U00011150-\U00011172\U00011176\U00011183-\U000111b2'
  '\U000111c1-\U000111c4\U000111d0-\U000111da\U000111dc\U000111e1-\U000111f4\U00011200-\U00011211'
  '\U00011213-\U0001122b\U0001123f-\U00011240\U00011280-\U00011286\U00011288\U0001128a-\U0001128d'
  '\U0001128f-\U0001129d\U0001129f-\U000112a8\U000112b0-\U000112de\U000112f0-\U000112f9'
  '\U00011305-\U0001130c\U0001130f-\U00011310\U00011313-\U00011328\U0001132a-\U00011330'
  '\U00011332-\U00011333\U00011335-\U00011339\U0001133d\U00011350\U0001135d-\U00011361'
  '\U00011380-\U00011389\U0001138b\U0001138e\U00011390-\U000113b5\U000113b7\U000113d1\U000113d3'
  '\U00011400-\U00011434\U00011447-\U0001144a\U00011450-\U00011459\U0001145f-\U00011461'
  '\U00011480-\U000114af\U000114c4-\U000114c5\U000114c7\U000114d0-\U000114d9\U00011580-\U000115ae'
  '\U000115d8-\U000115db\U00011600-\U0001162f\U00011644\U00011650-\U00011659\U00011680-\U000116aa'
  '\U000116b8\U000116c0-\U000116c9\U000116d0-\U000116e3\U00011700-\U0001171a\U00011730-\U0001173b'
  '\U00011740-\U00011746\U00011800-\U0001182b\U000118a0-\U000118f2\U000118ff-\U00011906\U00011909'
  '\U0001190c-\U00011913\U00011915-\U00011916\U00011918-\U0001192f\U0001193f\U00011941'
  '\U00011950-\U00011959\U000119a0-\U000119a7\U000119aa-\U000119d0\U000119e1\U000119e3\U00011a00'
  '\U00011a0b-\U00011a32\U00011a3a\U00011a50\U00011a5c-\U00011a89\U00011a9d\U00011ab0-\U00011af8'
  '\U00011bc0-\U00011be0\U00011bf0-\U00011bf9\U00011c00-\U00011c08\U00011c0a-\U00011c2e\U00011c40'
  '\U00011c50-\U00011c6c\U00011c72-\U00011c8f\U00011d00-\U00011d06\U00011d08-\U00011d09'
  '\U00011d0b-\U00011d30\U00011d46\U00011d50-\U00011d59\U00011d60-\U00011d65\U00011d67-\U00011d68'
  '\U00011d6a-\U00011d89\U00011d98\U00011da0-\U00011da9\U00011db0-\U00011ddb\U00011de0-\U00011de9'
  '\U00011ee0-\U00011ef2\U00011f02\U00011f04-\U00011f10\U00011f12-\U00011f33\U00011f50-\U00011f59'
  '\U00011fb0\U00011fc0-\U00011fd4\U00012000-\U00012399\U00012400-\U0001246e\U00012480-\U00012543'
  '\U00012f90-\U00012ff0\U00013000-\U0001342f\U00013441-\U00013446\U00013460-\U000143fa'
  '\U00014400-\U00014646\U00016100-\U0001611d\U00016130-\U00016139\U00016800-\U00016a38'
  '\U00016a40-\U00016a5e\U00016a60-\U00016a69\U00016a70-\U00016abe\U00016ac0-\U00016ac9'
  '\U00016ad0-\U00016aed\U00016b00-\U00016b2f\U00016b40-\U00016b43\U00016b50-\U00016b59'
  '\U00016b5b-\U00016b61\U00016b63-\U00016b77\U00016b7d-\U00016b8f\U00016d40-\U00016d6c'
  '\U00016d70-\U00016d79\U00016e40-\U00016e96\U00016ea0-\U00016eb8\U00016ebb-\U00016ed3'
  '\U00016f00-\U00016f4a\U00016f50\U00016f93-\U00016f9f\U00016fe0-\U00016fe1\U00016fe3'
  '\U00016ff2-\U00016ff6\U00017000-\U00018cd5\U00018cff-\U00018d1e\U00018d80-\U00018df2'
  '\U0001aff0-\U0001aff3\U0001aff5-\U0001affb\U0001affd-\U0001affe\U0001b000-\U0001b122\U0001b132'
  '\U0001b150-\U0001b152\U0001b155\U0001b164-\U0001b167\U0001b170-\U0001b2fb\U0001bc00-\U0001bc6a'
  '\U0001bc70-\U0001bc7c\U0001bc80-\U0001bc88\U0001bc90-\U0001bc99\U0001ccf0-\U0001ccf9'
  '\U0001d2c0-\U0001d2d3\U0001d2e0-\U0001d2f3\U0001d360-\U0001d378\U0001d400-\U0001d454'
  '\U0001d456-\U0001d49c\U0001d49e-\U0001d49f\U0001d4a2\U0001d4a5-\U0001d4a6\U0001d4a9-\U0001d4ac'
  '\U0001d4ae-\U0001d4b9\U0001d4bb\U0001d4bd-\U0001d4c3\U0001d4c5-\U0001d505\U0001d507-\U0001d50a'
  '\U0001d50d-\U0001d514\U0001d516-\U0001d51c\U0001d51e-\U0001d539\U0001d53b-\U0001d53e'
  '\U0001d540-\U0001d544\U0001d546\U0001d54a-\U0001d550\U0001d552-\U0001d6a5\U0001d6a8-\U0001d6c0'
  '\U0001d6c2-\U0001d6da\U0001d6dc-\U0001d6fa\U0001d6fc-\U0001d714\U0001d716-\U0001d734'
  '\U0001d736-\U0001d74e\U0001d750-\U0001d76e\U0001d770-\U0001d788\U0001d78a-\U0001d7a8'
  '\U0001d7aa-\U0001d7c2\U0001d7c4-\U0001d7cb\U0001d7ce-\U0001d7ff\U0001df00-\U0001df1e'
  '\U0001df25-\U0001df2a\U0001e030-\U0001e06d\U0001e100-\U0001e12c\U0001e137-\U0001e13d'
  '\U0001e140-\U0001e149\U0001e14e\U0001e290-\U0001e2ad\U0001e2c0-\U0001e2eb\U0001e2f0-\U0001e2f9'
  '\U0001e4d0-\U0001e4eb\U0001e4f0-\U0001e4f9\U0001e5d0-\U0001e5ed\U0001e5f0-\U0001e5fa'
  '\U0001e6c0-\U0001e6de\U0001e6e0-\U0001e6e2\U0001e6e4-\U0001e6e5\U0001e6e7-\U0001e6ed'
  '\U0001e6f0-\U0001e6f4\U0001e6fe-\U0001e6ff\U0001e7e0-\U0001e7e6\U0001e7e8-\U0001e7eb'
  '\U0001e7ed-\U0001e7ee\U0001e7f0-\U0001e7fe\U0001e800-\U0001e8c4\U0001e8c7-\U0001e8cf'
  '\U0001e900-\U0001e943\U0001e94b\U0001e950-\U0001e959\U0001ec71-\U0001ecab\U0001ecad-\U0001ecaf'
  '\U0001ecb1-\U0001ecb4\U0001ed01-\U0001ed2d\U0001ed2f-\U0001ed3d\U0001ee00-\U0001ee03'
  '\U0001ee05-\U0001ee1f\U0001ee21-\U0001ee22\U0001ee24\U0001ee27\U0001ee29-\U0001ee32'
  '\U0001ee34-\U0001ee37\U0001ee39\U0001ee3b\U0001ee42\U0001ee47\U0001ee49\U0001ee4b'
  '\U0001ee4d-\U0001ee4f\U0001ee51-\U0001ee52\U0001ee54\U0001ee57\U0001ee59\U0001ee5b\U0001ee5d'
  '\U0001ee5f\U0001ee61-\U0001ee62\U0001ee64\U0001ee67-\U0001ee6a\U0001ee6c-\U0001ee72'
  '\U0001ee74-\U0001ee77\U0001ee79-\U0001ee7c\U0001ee7e\U0001ee80-\U0001ee89\U0001ee8b-\U0001ee9b'
  '\U0001eea1-\U0001eea3\U0001eea5-\U0001eea9\U0001eeab-\U0001eebb\U0001f100-\U0001f10c'
  '\U0001fbf0-\U0001fbf9\U00020000-\U0002a6df\U0002a700-\U0002b81d\U0002b820-\U0002cead'
  '\U0002ceb0-\U0002ebe0\U0002ebf0-\U0002ee5d\U0002f800-\U0002fa1d\U00030000-\U0003134a'
  '\U00031350-\U00033479]'
);

-- One @ with text on both sides and a dot after it; no white space, control, double quote,
-- backtick or angle bracket anywhere.
create function private.is_plausible_email(value text) returns boolean
language sql immutable strict parallel safe
return value ~ '^[^@\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"`<>]+@[^@\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"`<>]+\.[^@\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"`<>]+$';

-- A path on this site: '/' and then neither '/' nor '\' ('//host' and '/\host' leave the site),
-- no white space, control or backslash, at most 200 bytes.
create function private.is_same_site_path(value text) returns boolean
language sql immutable strict parallel safe
return value ~ '^/(?![/\\])[^\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\\]*$' and octet_length(value) <= 200;

-- An honest time: within 10 minutes of the server's clock. The guard replaces any other
-- created_at with the server's time, so a visitor whose clock is wrong still gets through.
create function private.is_honest_time(value timestamptz) returns boolean
language sql stable strict parallel safe
return value between now() - interval '10 minutes' and now() + interval '10 minutes';

-- One field each, as `npm run lead-rules:sql -- --field <name>` writes it from lead-fields.ts:
-- what the CHECK constraints and the insert policy both require.
create function private.is_lead_name(value text) returns boolean
language sql immutable parallel safe
return value is not null and private.has_letter_or_digit(value)
   and not private.has_control(value) and octet_length(value) <= 200;

create function private.is_lead_email(value text) returns boolean
language sql immutable parallel safe
return value is not null and private.is_plausible_email(value) and octet_length(value) <= 254;

create function private.is_lead_phone(value text) returns boolean
language sql immutable parallel safe
return value is not null and private.has_visible_text(value)
   and not private.has_control(value) and octet_length(value) <= 40;

create function private.is_lead_company(value text) returns boolean
language sql immutable parallel safe
return value is null or (not private.has_control(value) and octet_length(value) <= 200);

create function private.is_lead_message(value text) returns boolean
language sql immutable parallel safe
return value is not null and private.has_letter_or_digit(value)
   and not private.has_control_but_line_breaks(value) and octet_length(value) <= 5000;

create function private.is_lead_page(value text) returns boolean
language sql immutable parallel safe
return value is null or private.is_same_site_path(value);

-- Only the five utm_* keys, each a string of visible text, no control, at most 100 bytes.
create function private.is_lead_utm(value jsonb) returns boolean
language sql immutable parallel safe
return case
  when value is null then true
  when jsonb_typeof(value) <> 'object' then false
  else coalesce((
    select bool_and(
      e.key in ('utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content')
      and jsonb_typeof(e.value) = 'string'
      and private.has_visible_text(e.value #>> '{}')
      and not private.has_control(e.value #>> '{}')
      and octet_length(e.value #>> '{}') <= 100)
    from jsonb_each(value) as e), true)
end;

do $$
declare
  fn text;
begin
  foreach fn in array array[
    'private.has_visible_text(text)', 'private.has_control(text)',
    'private.has_control_but_line_breaks(text)', 'private.has_letter_or_digit(text)',
    'private.is_plausible_email(text)', 'private.is_same_site_path(text)',
    'private.is_honest_time(timestamptz)', 'private.is_lead_name(text)',
    'private.is_lead_email(text)', 'private.is_lead_phone(text)', 'private.is_lead_company(text)',
    'private.is_lead_message(text)', 'private.is_lead_page(text)', 'private.is_lead_utm(jsonb)'
  ] loop
    -- CHECK constraints and the insert policy run these as the caller.
    execute format('revoke all on function %s from public', fn);
    execute format('grant execute on function %s to anon, authenticated, service_role', fn);
  end loop;
end
$$;

-- The leads, from the page through the data API (the browser profile) or through the submit-lead
-- function (lead_submit). Nobody reads them through the API: the owner reads rows in the
-- Supabase dashboard (which bypasses RLS) or gets them from the webhook.
create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  phone text not null,
  company text,
  message text not null,
  -- The page's clock: the guard keeps it only within 10 minutes of the server's.
  created_at timestamptz not null default now(),
  page text,
  utm jsonb,
  estimate bigint,
  demo_call boolean,
  visit_id uuid,
  -- The trade page (src/content/trades.ts), in the contract's shape (parseTrade in
  -- supabase/functions/_shared/contracts/origin.ts): lowercase words joined by hyphens.
  trade text check (trade is null or (char_length(trade) <= 40 and trade ~ '^[a-z]+(-[a-z]+)*$')),
  webhook_delivered_at timestamptz,
  webhook_claimed_until timestamptz,
  -- When the database stored the lead, by its own clock (created_at is the page's): granted to
  -- no one, so neither lead_submit nor the public key can set it. callback_lead reads it.
  stored_at timestamptz default now()
);

comment on table public.contact_submissions is
  'Leads from the website contact form. Insert-only for anon and authenticated; id is client-generated so retries are idempotent.';
comment on column public.contact_submissions.page is 'Path the form was sent from.';
comment on column public.contact_submissions.utm is 'utm_* parameters the visit landed with.';
comment on column public.contact_submissions.estimate is 'Calculator estimate, whole dollars.';
comment on column public.contact_submissions.demo_call is 'The visitor tried the voice demo.';
comment on column public.contact_submissions.visit_id is 'The visit: joins the lead to demo_calls.';
comment on column public.contact_submissions.trade is 'The trade page the lead was sent from.';
comment on column public.contact_submissions.webhook_delivered_at is
  'When the server step delivered the lead to the automation webhook (null: not yet, or the page posted it).';
comment on column public.contact_submissions.webhook_claimed_until is
  'A delivery in progress holds the lead until then; a claim left by a killed function lapses.';

-- NOT VALID, as scripts/lead-rules-sql.ts writes a new field's check: the rows stored before a
-- field exists keep the value it gives them ('' for a required one); every new row must pass.
-- The estimate's bound is ESTIMATE_MAX in supabase/functions/_shared/contracts/origin.ts (whole
-- dollars a month): the page and the functions send none above it (null instead).
alter table public.contact_submissions
  add constraint contact_submissions_name_check check (private.is_lead_name(name)) not valid,
  add constraint contact_submissions_email_check check (private.is_lead_email(email)) not valid,
  add constraint contact_submissions_phone_check check (private.is_lead_phone(phone)) not valid,
  add constraint contact_submissions_company_check
    check (private.is_lead_company(company)) not valid,
  add constraint contact_submissions_message_check
    check (private.is_lead_message(message)) not valid,
  add constraint contact_submissions_page_check check (private.is_lead_page(page)) not valid,
  add constraint contact_submissions_utm_check check (private.is_lead_utm(utm)) not valid,
  add constraint contact_submissions_estimate_check
    check (estimate is null or estimate between 0 and 1000000000) not valid;

-- Row-level security: without a policy nothing is allowed; the one policy allows INSERT only.
alter table public.contact_submissions enable row level security;
create policy contact_submissions_insert_real_leads
  on public.contact_submissions
  for insert
  to anon, authenticated
  with check (
    private.is_lead_name(name)
    and private.is_lead_email(email)
    and private.is_lead_phone(phone)
    and private.is_lead_company(company)
    and private.is_lead_message(message)
    and private.is_lead_page(page)
    and private.is_lead_utm(utm)
    and private.is_honest_time(created_at)
  );

-- The grants say the same: INSERT alone, of the lead's own columns, which are also the columns
-- lead_submit stores. The delivery columns and stored_at are granted to no one.
revoke all on table public.contact_submissions from public, anon, authenticated;
grant insert (id, name, email, phone, company, message, created_at, page, utm, estimate,
  demo_call, visit_id, trade) on table public.contact_submissions to anon, authenticated;

-- Settings of the lead guard, in one place. Change them with an UPDATE in the SQL editor.
create table private.lead_guard_settings (
  only_row boolean primary key default true check (only_row),
  -- Accepted submissions from one client address within per_address_window.
  per_address_max integer not null default 5 check (per_address_max > 0),
  per_address_window interval not null default interval '10 minutes',
  -- Accepted submissions through the data API within table_window: the bound that holds even when
  -- a caller forges the address (see docs/security.md).
  table_max integer not null default 1000 check (table_max > 0),
  table_window interval not null default interval '1 hour',
  -- Accepted submissions, within per_address_window, from all callers whose address is missing
  -- or unparsable together (hosted, every request has one: Cloudflare sets cf-connecting-ip).
  unknown_max integer not null default 5 check (unknown_max > 0),
  -- Accepted submissions through the data API in a day, beside table_max an hour: with the
  -- largest row (about 8 KiB on disk) the most a flood can store this way is about 16 MiB a day.
  table_day_max integer not null default 2000 check (table_day_max > 0),
  -- Accepted submissions through the submit-lead function (each behind a solved bot check)
  -- within function_window: the bound on what gets past the hourly ceiling.
  function_max integer not null default 500 check (function_max > 0),
  function_window interval not null default interval '1 day'
);
insert into private.lead_guard_settings default values;

-- When each accepted submission arrived, the bucket of its client's address and which way it
-- came in ('api': the data API, or lead_submit without a bot check; 'submit-lead': lead_submit
-- after the bot check). Kept only as long as the longest window (the guard prunes it); the
-- address itself is never stored.
create table private.lead_arrivals (
  arrived_at timestamptz not null default now(),
  bucket text check (char_length(bucket) <= 100),
  path text not null default 'api' check (path in ('api', 'submit-lead'))
);
create index lead_arrivals_arrived_at on private.lead_arrivals (arrived_at);
create index lead_arrivals_bucket on private.lead_arrivals (bucket, arrived_at);
create index lead_arrivals_path on private.lead_arrivals (path, arrived_at);

revoke all on table private.lead_guard_settings, private.lead_arrivals
  from public, anon, authenticated, service_role;

-- Before each row: the honest time, then the limits, serialised by one transaction lock so
-- concurrent requests count each other exactly; an arrival is rolled back with its insert, so
-- only accepted submissions count. Through the data API, and through lead_submit without a bot
-- check: the site's ceilings, table_max an hour and table_day_max a day (LG003), and the
-- bucket's limit (LG002). Through lead_submit after the bot check: its own ceiling (LG004)
-- instead of the site's, and the same bucket limit. Outside any request (the SQL editor, a
-- service-role script): no limit.
create function private.guard_lead() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  settings private.lead_guard_settings;
  -- Set by lead_submit, which only the service-role key may call; checked against the request's
  -- role too, so nothing else can take either way.
  by_service boolean := coalesce(nullif(current_setting('request.jwt.claims', true), '')::json
                                 ->> 'role', '') = 'service_role';
  -- The function's way past the ceiling, after the bot check.
  via_function boolean := by_service
    and coalesce(current_setting('lead_guard.path', true), '') = 'submit-lead';
  -- The function's first try, without a bot check (the default profile): the data API's limits.
  via_site boolean := by_service
    and coalesce(current_setting('lead_guard.path', true), '') = 'site';
  in_request boolean := coalesce(current_setting('request.headers', true), '') <> '';
  caller_bucket text;
  bucket_max integer;
  recent integer;
begin
  select * into strict settings from private.lead_guard_settings;

  if not coalesce(private.is_honest_time(new.created_at), false) then
    new.created_at := now();
  end if;

  -- A retry of a stored lead goes on to meet the primary key: "already stored", not a refusal.
  if exists (select 1 from public.contact_submissions where id = new.id) then
    return new;
  end if;
  if not (via_function or via_site or in_request) then
    return new;
  end if;

  caller_bucket := private.client_bucket(case when via_function or via_site
                                       then current_setting('lead_guard.client_address', true)
                                       else private.request_client_address() end);

  perform pg_advisory_xact_lock(hashtext('private.guard_lead'));
  delete from private.lead_arrivals
   where arrived_at < now() - greatest(settings.per_address_window, settings.table_window,
                                       settings.function_window, interval '1 day');

  if via_function then
    select count(*) into recent from private.lead_arrivals
     where path = 'submit-lead' and arrived_at > now() - settings.function_window;
    if recent >= settings.function_max then
      perform private.refuse(429, json_build_object(
        'code', 'LG004',
        'message', 'Too many submissions through the bot check right now',
        'details', format('At most %s are accepted in %s hours.', settings.function_max,
                          extract(epoch from settings.function_window)::integer / 3600),
        'hint', 'Try again later.'
      ), extract(epoch from settings.function_window)::integer);
    end if;
  else
    select count(*) into recent from private.lead_arrivals
     where path = 'api' and arrived_at > now() - interval '1 day';
    if recent >= settings.table_day_max then
      perform private.refuse(429, json_build_object(
        'code', 'LG003',
        'message', 'Too many submissions to this site right now',
        'details', format('At most %s are accepted in 24 hours.', settings.table_day_max),
        'hint', 'Try again later.'
      ), extract(epoch from settings.table_window)::integer);
    end if;
    select count(*) into recent from private.lead_arrivals
     where path = 'api' and arrived_at > now() - settings.table_window;
    if recent >= settings.table_max then
      perform private.refuse(429, json_build_object(
        'code', 'LG003',
        'message', 'Too many submissions to this site right now',
        'details', format('At most %s are accepted in %s minutes.',
                          settings.table_max, extract(epoch from settings.table_window)::integer / 60),
        'hint', 'Try again later.'
      ), extract(epoch from settings.table_window)::integer);
    end if;
  end if;

  bucket_max := case when caller_bucket = 'unknown' then settings.unknown_max
                     else settings.per_address_max end;
  select count(*) into recent from private.lead_arrivals as a
   where a.bucket = caller_bucket and a.arrived_at > now() - settings.per_address_window;
  if recent >= bucket_max then
    perform private.refuse(429, json_build_object(
      'code', 'LG002',
      'message', 'Too many submissions from this address',
      'details', format('At most %s are accepted in %s minutes.', bucket_max,
                        extract(epoch from settings.per_address_window)::integer / 60),
      'hint', 'Wait a few minutes, then send again.'
    ), extract(epoch from settings.per_address_window)::integer);
  end if;

  insert into private.lead_arrivals (arrived_at, bucket, path)
  values (now(), caller_bucket, case when via_function then 'submit-lead' else 'api' end);
  return new;
end
$$;

-- After each statement: one row per request (PostgREST runs one statement per request).
create function private.one_lead_per_request() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if (select count(*) from new_rows) > 1 then
    perform private.refuse(400, json_build_object(
      'code', 'LG001',
      'message', 'One submission per request',
      'details', 'The body must be one JSON object, not an array of them.',
      'hint', null
    ));
  end if;
  return null;
end
$$;

revoke all on function private.guard_lead(), private.one_lead_per_request()
  from public, anon, authenticated;

create trigger contact_submissions_guard
  before insert on public.contact_submissions
  for each row execute function private.guard_lead();

create trigger contact_submissions_one_per_request
  after insert on public.contact_submissions
  referencing new table as new_rows
  for each statement execute function private.one_lead_per_request();

-- Stores one lead for the submit-lead function: request {client_address, bot_checked, lead}.
-- It stores every column the public key may write (anon's column INSERT grants: the id, the
-- typed fields, created_at and where the lead came from), so a new field is its column, its
-- check and its grant; the delivery columns are never taken from the request. Without a bot
-- check (`bot_checked` false: the page's first try) the lead meets the data API's limits; with
-- one (true, or no `bot_checked`: the way past the ceiling) the function's own ceiling (LG004).
-- Answers {outcome}:
--   stored    the row was inserted
--   exists    a row with this id is stored already (a retry): {message} as the data API's 23505
--   invalid   a CHECK constraint refused it: {code, message}
--   refused   a guard refused it: {status, headers, body} as the data API would answer
create function public.lead_submit(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  lead jsonb := coalesce(request -> 'lead', '{}'::jsonb);
  columns text;
  body text;
  response text;
begin
  perform set_config('lead_guard.path',
    case when coalesce((request ->> 'bot_checked')::boolean, true) then 'submit-lead' else 'site' end,
    true);
  perform set_config('lead_guard.client_address', coalesce(request ->> 'client_address', ''), true);
  if nullif(lead -> 'created_at', 'null'::jsonb) is null then
    lead := lead || jsonb_build_object('created_at', now());
  end if;
  select string_agg(quote_ident(attname), ', ' order by attnum) into columns
    from pg_catalog.pg_attribute
   where attrelid = 'public.contact_submissions'::regclass and attnum > 0 and not attisdropped
     and has_column_privilege('anon', 'public.contact_submissions', attname, 'INSERT');
  begin
    execute format('insert into public.contact_submissions (%1$s) select %1$s'
                   ' from jsonb_populate_record(null::public.contact_submissions, $1)', columns)
      using lead;
  exception
    when unique_violation then
      return jsonb_build_object('outcome', 'exists', 'message', sqlerrm);
    when check_violation or not_null_violation or invalid_text_representation
         or numeric_value_out_of_range or datetime_field_overflow
         or invalid_datetime_format then
      return jsonb_build_object('outcome', 'invalid', 'code', sqlstate, 'message', sqlerrm);
    when sqlstate 'PGRST' then
      get stacked diagnostics body = message_text, response = pg_exception_detail;
      return jsonb_build_object('outcome', 'refused', 'body', body::jsonb)
             || (response::jsonb);
  end;
  perform set_config('lead_guard.path', '', true);
  return jsonb_build_object('outcome', 'stored');
end
$$;

-- One lead's delivery to the webhook by the server step: request {id, action, lease_seconds}.
--   claim    -> {state: 'claimed', claim, lead} (post it now; the claim lapses after
--               lease_seconds),
--               'delivered' (posted before: never again), 'busy' (another request is posting
--               it), or 'missing' (no such lead)
--   done     -> {state: 'delivered'}
--   release  -> {state: 'released'} (the post failed: a retry may claim it again), given the
--               `claim` the claim answered (another request's claim is left as it is)
--   done marks the lead delivered whoever holds it: the post happened.
-- A claim is one UPDATE with its conditions, so of two requests at once exactly one claims.
create function public.lead_delivery(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  lead_id uuid := (request ->> 'id')::uuid;
  claimed public.contact_submissions;
  existing public.contact_submissions;
begin
  case request ->> 'action'
    when 'claim' then
      update public.contact_submissions
         set webhook_claimed_until = now()
             + make_interval(secs => least(greatest(coalesce((request ->> 'lease_seconds')::integer, 30), 1), 600))
       where id = lead_id
         and webhook_delivered_at is null
         and (webhook_claimed_until is null or webhook_claimed_until < now())
      returning * into claimed;
      if found then
        return jsonb_build_object('state', 'claimed', 'claim', claimed.webhook_claimed_until,
          'lead', to_jsonb(claimed) - 'webhook_delivered_at' - 'webhook_claimed_until');
      end if;
      select * into existing from public.contact_submissions where id = lead_id;
      if not found then
        return jsonb_build_object('state', 'missing');
      end if;
      return jsonb_build_object('state',
        case when existing.webhook_delivered_at is not null then 'delivered' else 'busy' end);
    when 'done' then
      update public.contact_submissions
         set webhook_delivered_at = coalesce(webhook_delivered_at, now()),
             webhook_claimed_until = null
       where id = lead_id;
      return jsonb_build_object('state', 'delivered');
    when 'release' then
      -- Only the claim it was given: a request whose claim lapsed and was taken by another
      -- cannot let go of that one.
      update public.contact_submissions
         set webhook_claimed_until = null
       where id = lead_id and webhook_delivered_at is null
         and webhook_claimed_until = (request ->> 'claim')::timestamptz;
      return jsonb_build_object('state', 'released');
    else
      raise exception 'lead_delivery: unknown action %', request ->> 'action';
  end case;
end
$$;

revoke all on function public.lead_submit(jsonb), public.lead_delivery(jsonb)
  from public, anon, authenticated;
grant execute on function public.lead_submit(jsonb), public.lead_delivery(jsonb) to service_role;

-- Call my phone ----------------------------------------------------------------------------------

-- The agent calls the visitor. The request-callback function (holding the Vapi private key)
-- claims each request here, then records what Vapi answered. One request id gives at most one
-- call: a claim takes the id under a transaction lock, and only the request that claimed it may
-- place the call.
create table public.callback_requests (
  id uuid primary key,
  -- E.164, as libphonenumber-js wrote it in the function.
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  country text not null check (country ~ '^[A-Z]{2}$'),
  -- The client address as the function saw it, and the bucket its limit counts in
  -- (private.client_bucket).
  client_address text check (char_length(client_address) <= 100),
  client_bucket text not null check (char_length(client_bucket) <= 100),
  -- The consent the visitor ticked: the words shown, and when.
  consent_text text not null check (char_length(consent_text) between 1 and 1000),
  consent_at timestamptz not null,
  estimate integer check (estimate between 0 and 1000000000),
  -- What the agent is told (the calculator's inputs and estimate), small by construction.
  variables jsonb check (variables is null or (jsonb_typeof(variables) = 'object'
                                               and octet_length(variables::text) <= 1000)),
  page text check (char_length(page) <= 300),
  utm jsonb check (utm is null or (jsonb_typeof(utm) = 'object' and octet_length(utm::text) <= 1000)),
  visit_id uuid,
  -- pending: claimed, the call not placed yet (or being placed); calling: Vapi accepted it;
  -- failed: Vapi refused it (no call was placed, a retry of the same id may try again);
  -- unknown: Vapi did not answer in time, or the claim lapsed (it may have placed the call:
  -- never placed again).
  status text not null default 'pending'
    check (status in ('pending', 'calling', 'failed', 'unknown')),
  vapi_call_id text check (char_length(vapi_call_id) <= 100),
  error text check (char_length(error) <= 500),
  attempts integer not null default 1 check (attempts between 1 and 100),
  -- The automation webhook, posted by the function (type "callback").
  webhook_status text not null default 'pending'
    check (webhook_status in ('pending', 'delivered', 'failed')),
  webhook_attempts integer not null default 0 check (webhook_attempts between 0 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Which header gave the client's address: none means every caller shares one bucket, which a
  -- deploy should never show (docs/deploy.md).
  address_source text check (address_source in ('cf-connecting-ip', 'x-forwarded-for', 'none')),
  -- When the request reached request-callback, before its bot check (the function's clock).
  requested_at timestamptz,
  -- How long before that the visitor pressed (Send Message, or Call me), as the page measured
  -- it: the stopwatch starts at the press. 0 to 120 s; null from a page that did not say.
  pressed_ms integer check (pressed_ms between 0 and 120000),
  -- The lead this call follows (the contact form's "Have the agent call me now"), or null for
  -- Call my phone. Such a callback's id is the lead's id, so one lead places at most one call.
  -- Not a foreign key: a lead may be deleted while its call's row stays.
  lead_id uuid,
  -- The call's steps, as Vapi's status-update messages reported them (the first of each).
  queued_at timestamptz,
  ringing_at timestamptz,
  answered_at timestamptz,
  -- The owner's figure: from the press to the phone ringing, in milliseconds (never negative:
  -- Vapi's clock and the function's may differ by a little). Null until Vapi reports a ring, and
  -- for a request whose arrival was not recorded (greatest() alone would read 0: it skips a null).
  ringing_after_ms integer generated always as (
    case when ringing_at is not null and requested_at is not null then
      greatest(0, (extract(epoch from (ringing_at - requested_at)) * 1000)::integer
                  + coalesce(pressed_ms, 0))
    end
  ) stored,
  -- Vapi reported the call ended (status-update `ended`): the stopwatch stops waiting for a ring.
  vapi_ended_at timestamptz
);
create index callback_requests_phone_created on public.callback_requests (phone, created_at);
create index callback_requests_bucket_created on public.callback_requests (client_bucket, created_at);
create index callback_requests_created on public.callback_requests (created_at);
create index callback_requests_vapi_call on public.callback_requests (vapi_call_id);
alter table public.callback_requests enable row level security;
revoke all on table public.callback_requests from public, anon, authenticated;
grant select, insert, update on table public.callback_requests to service_role;

-- The owner's do-not-call list: numbers (E.164) Call my phone never rings, whoever asks. The
-- owner adds a row in the dashboard (Table Editor -> callback_do_not_call), and the agent's
-- do_not_call tool adds the number it called (callback_do_not_call_add); a request for one is
-- answered as any limit is, so the list tells nobody who is on it.
create table public.callback_do_not_call (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  added_at timestamptz not null default now(),
  note text check (char_length(note) <= 200)
);
alter table public.callback_do_not_call enable row level security;
revoke all on table public.callback_do_not_call from public, anon, authenticated;

-- Claims request `id` for one call, or says why not. `request`: {id, phone, country,
-- client_address, address_source, consent_text, consent_at, estimate, variables, page, utm,
-- visit_id, requested_at, pressed_ms, lead_id, limits: {per_number_per_day,
-- per_address_per_hour, per_day, lease_seconds}}. Answers {outcome}:
--   call      this request may place the call (the row is 'pending')
--   existing  the id was claimed before: {status, vapi_call_id}; nothing to do. A claim left
--             pending past its lease (default 60 s: the function stopped mid-call, killed or
--             redeployed) turns 'unknown', {lapsed: true}: it may have been placed, so it is
--             never placed again, and the function that meets it posts the owner's webhook.
--   conflict  the id was claimed for another number
--   limited   {limit: 'number' | 'address' | 'day', retry_after (seconds)}; a number on the
--             do-not-call list is limited by 'number'
-- A retry of an id is answered from the stored row, so its first values stay.
create function public.callback_claim(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  request_id uuid := (request ->> 'id')::uuid;
  number text := request ->> 'phone';
  bucket text := private.client_bucket(request ->> 'client_address');
  limits jsonb := coalesce(request -> 'limits', '{}'::jsonb);
  existing public.callback_requests;
  oldest timestamptz;
  used integer;
begin
  -- One claim at a time: counts and the id check see every earlier claim, committed.
  perform pg_advisory_xact_lock(hashtext('public.callback_claim'));

  select * into existing from public.callback_requests where id = request_id for update;
  if found then
    if existing.phone <> number then
      return jsonb_build_object('outcome', 'conflict');
    end if;
    if existing.status = 'pending'
       and existing.updated_at < now() - make_interval(secs => coalesce((limits ->> 'lease_seconds')::integer, 60)) then
      -- Claimed, then never recorded within the lease: the function stopped mid-call (a crash,
      -- a deploy). Vapi may have placed the call: it counts as placed, never placed again.
      update public.callback_requests
         set status = 'unknown', error = 'the request lapsed: the function stopped before recording the call',
             updated_at = now()
       where id = request_id;
      return jsonb_build_object('outcome', 'existing', 'status', 'unknown', 'lapsed', true,
                                'vapi_call_id', existing.vapi_call_id);
    end if;
    if existing.status = 'failed' then
      -- Vapi refused the last try, so no call was placed: this retry may try again.
      update public.callback_requests
         set status = 'pending', attempts = attempts + 1, error = null, updated_at = now()
       where id = request_id;
      return jsonb_build_object('outcome', 'call');
    end if;
    return jsonb_build_object('outcome', 'existing', 'status', existing.status,
                              'vapi_call_id', existing.vapi_call_id);
  end if;

  if exists (select 1 from public.callback_do_not_call where phone = number) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'number', 'retry_after', 86400);
  end if;

  select count(*), min(created_at) into used, oldest from public.callback_requests
   where phone = number and created_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'per_number_per_day')::integer, 1) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'number', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
  end if;

  select count(*), min(created_at) into used, oldest from public.callback_requests
   where client_bucket = bucket and created_at > now() - interval '1 hour';
  if used >= coalesce((limits ->> 'per_address_per_hour')::integer, 3) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'address', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer);
  end if;

  select count(*), min(created_at) into used, oldest from public.callback_requests
   where created_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'per_day')::integer, 50) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'day', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
  end if;

  insert into public.callback_requests (id, phone, country, client_address, client_bucket,
    address_source, consent_text, consent_at, estimate, variables, page, utm, visit_id,
    requested_at, pressed_ms, lead_id)
  values (request_id, number, request ->> 'country', left(request ->> 'client_address', 100),
    bucket, request ->> 'address_source', request ->> 'consent_text', (request ->> 'consent_at')::timestamptz,
    (request ->> 'estimate')::integer, nullif(request -> 'variables', 'null'::jsonb),
    request ->> 'page', nullif(request -> 'utm', 'null'::jsonb), (request ->> 'visit_id')::uuid,
    (request ->> 'requested_at')::timestamptz, (request ->> 'pressed_ms')::integer,
    (request ->> 'lead_id')::uuid);
  return jsonb_build_object('outcome', 'call');
end
$$;

-- What came of the call: {id, status ('calling' | 'failed' | 'unknown'), vapi_call_id, error}.
-- Only a pending claim changes, so a late answer cannot undo a newer one.
create function public.callback_record(request jsonb) returns jsonb
language sql security definer set search_path = '' as $$
  update public.callback_requests
     set status = request ->> 'status',
         vapi_call_id = coalesce(left(request ->> 'vapi_call_id', 100), vapi_call_id),
         error = left(request ->> 'error', 500),
         updated_at = now()
   where id = (request ->> 'id')::uuid and status = 'pending'
  returning jsonb_build_object('id', id, 'status', status)
$$;

-- The webhook delivery of a callback: {id, delivered (boolean)}.
create function public.callback_webhook(request jsonb) returns jsonb
language sql security definer set search_path = '' as $$
  update public.callback_requests
     set webhook_status = case when (request ->> 'delivered')::boolean then 'delivered' else 'failed' end,
         webhook_attempts = least(webhook_attempts + 1, 100),
         updated_at = now()
   where id = (request ->> 'id')::uuid
  returning jsonb_build_object('id', id, 'webhook_status', webhook_status)
$$;

-- Records one of Vapi's status-update messages: `request` {vapi_call_id, status, at,
-- callback_id?}. The callback is the one whose vapi_call_id is the message's call id or, while
-- none has it yet, the one whose id is `callback_id` (the call's metadata) and has no call id
-- recorded: request-callback records Vapi's id after Vapi answers, and the call's first status
-- (queued) may come before that. Each step is set the first time only (Vapi retries a delivery,
-- and an old message never rewrites a step): queued_at, ringing_at, answered_at
-- (`in-progress`), vapi_ended_at (`ended`); any other status is no step. The time kept is `at`
-- (the message's timestamp, Vapi's clock) clamped to [requested_at (created_at when that is
-- null), now()], since Vapi's clock and the function's may differ: a step never reads as before
-- the request or in the future. No `at`: now(). Answers {known}: a callback the site placed has
-- this call.
create function public.callback_status_record(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  call_id text := request ->> 'vapi_call_id';
  step text := request ->> 'status';
  reported timestamptz := (request ->> 'at')::timestamptz;
  found_id uuid;
  since timestamptz;
  step_at timestamptz;
begin
  select id, coalesce(requested_at, created_at) into found_id, since
    from public.callback_requests where vapi_call_id = call_id;
  if not found and request ->> 'callback_id' is not null then
    select id, coalesce(requested_at, created_at) into found_id, since
      from public.callback_requests
     where id = (request ->> 'callback_id')::uuid and vapi_call_id is null;
  end if;
  if found_id is null then
    return jsonb_build_object('known', false);
  end if;
  step_at := least(greatest(coalesce(reported, now()), since), now());
  update public.callback_requests set
    queued_at = case when step = 'queued' then coalesce(queued_at, step_at) else queued_at end,
    ringing_at = case when step = 'ringing' then coalesce(ringing_at, step_at) else ringing_at end,
    answered_at = case when step = 'in-progress' then coalesce(answered_at, step_at) else answered_at end,
    vapi_ended_at = case when step = 'ended' then coalesce(vapi_ended_at, step_at) else vapi_ended_at end
   where id = found_id;
  return jsonb_build_object('known', true);
end
$$;

-- The do_not_call tool of a callback: on every call Call my phone places, the agent's first words
-- offer to stop, and when the person says they did not ask or want no calls, the model calls its
-- do_not_call tool. Vapi posts that to vapi-events (the assistant's Server URL, behind its
-- x-vapi-secret), which calls this function with the call's Vapi id. The number added is the one
-- the site itself dialed (the callback row with that vapi_call_id), never a number the message
-- carries, so a message cannot list arbitrary numbers.
-- Idempotent: the same call, or another call to the same number, adds nothing twice (the list's
-- primary key is the number). Answers {known, added}: known, a callback the site placed has that
-- call id; added, the number was not on the list before.
create function public.callback_do_not_call_add(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  call_id text := left(request ->> 'vapi_call_id', 100);
  number text;
  inserted integer;
begin
  if call_id is null or call_id = '' then
    return jsonb_build_object('known', false, 'added', false);
  end if;
  select phone into number from public.callback_requests
   where vapi_call_id = call_id
   order by created_at
   limit 1;
  if number is null then
    return jsonb_build_object('known', false, 'added', false);
  end if;
  insert into public.callback_do_not_call (phone, note)
  values (number, left('asked on the call ' || call_id, 200))
  on conflict (phone) do nothing;
  get diagnostics inserted = row_count;
  return jsonb_build_object('known', true, 'added', inserted > 0);
end
$$;

-- The lead a callback follows (the contact form's "Have the agent call me now"), if it was
-- stored within the window the function gives (LEAD_CALL_WINDOW_SECONDS): its name, company,
-- message and phone; else {found: false}, the same for a lead never stored and one too old.
create function public.callback_lead(request jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  lead public.contact_submissions;
begin
  select * into lead from public.contact_submissions
   where id = (request ->> 'id')::uuid
     and stored_at > now() - make_interval(secs => coalesce((request ->> 'window_seconds')::integer, 600));
  if not found then
    return jsonb_build_object('found', false);
  end if;
  return jsonb_build_object('found', true, 'name', lead.name, 'company', lead.company,
                            'message', lead.message, 'phone', lead.phone);
end
$$;

revoke all on function public.callback_claim(jsonb), public.callback_record(jsonb),
  public.callback_webhook(jsonb), public.callback_status_record(jsonb),
  public.callback_do_not_call_add(jsonb), public.callback_lead(jsonb)
  from public, anon, authenticated;
grant execute on function public.callback_claim(jsonb), public.callback_record(jsonb),
  public.callback_webhook(jsonb), public.callback_status_record(jsonb),
  public.callback_do_not_call_add(jsonb), public.callback_lead(jsonb) to service_role;

-- Demo calls -------------------------------------------------------------------------------------

-- Demo calls started by the server (the start-web-call function): no key in the page can start
-- one. Each press is claimed here within the limits: per client address per window, calls per
-- day, minutes per day (each call at its maximum length until its end-of-call report says how
-- long it ran), and calls at once.
create table public.web_calls (
  -- The page's id for one press, reused by a retry of it: one id, at most one call.
  id uuid primary key,
  client_bucket text not null check (char_length(client_bucket) <= 100),
  -- Which header gave the client's address: none means every caller shares one bucket, which
  -- a deploy should never show (docs/deploy.md, the live check).
  address_source text check (address_source in ('cf-connecting-ip', 'x-forwarded-for', 'none')),
  visit_id uuid,
  -- The call's maxDurationSeconds: what it may cost at most.
  max_seconds integer not null check (max_seconds between 10 and 3600),
  -- pending: claimed, Vapi not answered yet; started: Vapi created it; failed: Vapi refused it
  -- (no call); unknown: Vapi did not answer or failed (a call may have started).
  status text not null default 'pending'
    check (status in ('pending', 'started', 'failed', 'unknown')),
  vapi_call_id text check (char_length(vapi_call_id) <= 100),
  -- What the page needs to join the call (id, webCallUrl, transport, ...), for a retry.
  web_call jsonb check (web_call is null or octet_length(web_call::text) <= 4096),
  error text check (char_length(error) <= 500),
  created_at timestamptz not null default now(),
  -- From the call's end-of-call report (demo_calls), when it arrives.
  ended_at timestamptz,
  ran_seconds numeric check (ran_seconds between 0 and 86400)
);
create index web_calls_bucket_created on public.web_calls (client_bucket, created_at);
create index web_calls_created on public.web_calls (created_at);
create index web_calls_vapi_call on public.web_calls (vapi_call_id);
alter table public.web_calls enable row level security;
revoke all on table public.web_calls from public, anon, authenticated;

-- A call reserved on intent (hover, focus, first touch), once the page has solved the bot check,
-- and made at the press: start-web-call checks the token and calls web_call_reserve; at the
-- press (no token) it calls web_call_press, which turns a live reservation of the same client
-- into a call claim, under the same limits and the same lock as web_call_claim. A reservation
-- waits `hold_seconds` (60) for its press, then lapses: while live it counts as one of its
-- address's tries (so no address holds more reservations than it has tries left), and in no
-- other limit; lapsed, it counts in none and is deleted by the next reservation.
create table public.web_call_reservations (
  -- The page's id for the press to come; it becomes the call's id in web_calls.
  id uuid primary key,
  client_bucket text not null check (char_length(client_bucket) <= 100),
  address_source text check (address_source in ('cf-connecting-ip', 'x-forwarded-for', 'none')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index web_call_reservations_bucket on public.web_call_reservations (client_bucket, expires_at);
alter table public.web_call_reservations enable row level security;
revoke all on table public.web_call_reservations from public, anon, authenticated;

-- The limits a new call meets now, for a client's bucket: null within them all, else the answer
-- of private.claim_limited. With `count_held`, the bucket's live reservations count in its tries
-- (all but `held`, the reservation being pressed).
create function private.web_call_limited(bucket text, limits jsonb, max_seconds integer,
  count_held boolean, held uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  window_seconds integer := coalesce((limits ->> 'per_address_window')::integer, 3600);
  used numeric;
  oldest timestamptz;
begin
  -- Every attempt counts for its address, even one Vapi refused: no address can hammer.
  select count(*), min(frees) into used, oldest from (
    select created_at + make_interval(secs => window_seconds) as frees from public.web_calls
     where client_bucket = bucket and created_at > now() - make_interval(secs => window_seconds)
    union all
    select expires_at from public.web_call_reservations
     where count_held and client_bucket = bucket and expires_at > now()
       and id is distinct from held
  ) as tries;
  if used >= coalesce((limits ->> 'per_address')::integer, 3) then
    return private.claim_limited('address', oldest, interval '0');
  end if;

  -- The rest counts calls that may have run (not those Vapi refused).
  select count(*), min(created_at) into used, oldest from public.web_calls
   where status <> 'failed' and created_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'per_day')::integer, 100) then
    return private.claim_limited('day', oldest, interval '24 hours');
  end if;

  select coalesce(sum(coalesce(ran_seconds, web_calls.max_seconds)), 0) into used
    from public.web_calls
   where status <> 'failed' and created_at > now() - interval '24 hours';
  if used + max_seconds > coalesce((limits ->> 'minutes_per_day')::integer, 200) * 60 then
    return private.claim_limited('minutes', oldest, interval '24 hours');
  end if;

  -- In progress: not ended by its report, and not past its maximum length (and a minute to join).
  select count(*), min(created_at + make_interval(secs => web_calls.max_seconds + 60))
    into used, oldest
    from public.web_calls
   where status in ('pending', 'started', 'unknown') and ended_at is null
     and created_at > now() - make_interval(secs => web_calls.max_seconds + 60);
  if used >= coalesce((limits ->> 'concurrent')::integer, 3) then
    return private.claim_limited('concurrent', oldest, interval '0');
  end if;
  return null;
end
$$;

-- Places the claim of a call within the limits (web_call_claim and web_call_press, under the lock).
create function private.web_call_insert(claim_id uuid, bucket text, request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.web_calls (id, client_bucket, address_source, visit_id, max_seconds)
  values (claim_id, bucket, request ->> 'address_source', (request ->> 'visit_id')::uuid,
    (request ->> 'max_seconds')::integer);
  -- Rows older than a day count for nothing: kept off the table's size.
  delete from public.web_calls where created_at < now() - interval '2 days';
  return jsonb_build_object('outcome', 'call');
end
$$;

-- Claims a call in one request: `request` {id, client_address, address_source, visit_id,
-- max_seconds, limits: {per_address, per_address_window (seconds), per_day, minutes_per_day,
-- concurrent}}. A reservation is not one of its tries. Answers {outcome}:
--   call      claimed: place the call, then web_call_record
--   existing  this id was claimed before: {status, web_call} (never a second call)
--   conflict  this id was claimed by another client
--   limited   {limit: address | day | minutes | concurrent, retry_after (seconds)}
create function public.web_call_claim(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  claim_id uuid := (request ->> 'id')::uuid;
  bucket text := private.client_bucket(request ->> 'client_address');
  found public.web_calls;
  limited jsonb;
begin
  perform pg_advisory_xact_lock(hashtext('public.web_call_claim'));
  select * into found from public.web_calls where id = claim_id;
  if found.id is not null then
    if found.client_bucket <> bucket then
      return jsonb_build_object('outcome', 'conflict');
    end if;
    return jsonb_build_object('outcome', 'existing', 'status', found.status,
      'web_call', found.web_call);
  end if;
  limited := private.web_call_limited(bucket, coalesce(request -> 'limits', '{}'::jsonb),
    (request ->> 'max_seconds')::integer, false, null);
  if limited is not null then
    return limited;
  end if;
  return private.web_call_insert(claim_id, bucket, request);
end
$$;

-- Reserves a call on intent: `request` is web_call_claim's and `hold_seconds` (10 to 300).
-- Answers {outcome}:
--   reserved  {expires_in_seconds}: the press may come until then (again for a live one)
--   conflict  this id is a call already, or another client's reservation
--   limited   {limit, retry_after}: a call now would be refused
create function public.web_call_reserve(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  claim_id uuid := (request ->> 'id')::uuid;
  bucket text := private.client_bucket(request ->> 'client_address');
  hold integer := least(300, greatest(10, coalesce((request ->> 'hold_seconds')::integer, 60)));
  held public.web_call_reservations;
  limited jsonb;
begin
  perform pg_advisory_xact_lock(hashtext('public.web_call_claim'));
  if exists (select 1 from public.web_calls where id = claim_id) then
    return jsonb_build_object('outcome', 'conflict');
  end if;
  select * into held from public.web_call_reservations where id = claim_id;
  if held.id is not null then
    if held.client_bucket <> bucket then
      return jsonb_build_object('outcome', 'conflict');
    end if;
    if held.expires_at > now() then
      return jsonb_build_object('outcome', 'reserved', 'expires_in_seconds',
        greatest(1, floor(extract(epoch from held.expires_at - now())))::integer);
    end if;
  end if;
  limited := private.web_call_limited(bucket, coalesce(request -> 'limits', '{}'::jsonb),
    (request ->> 'max_seconds')::integer, true, claim_id);
  if limited is not null then
    return limited;
  end if;
  -- Lapsed reservations count for nothing: kept off the table (this id's among them).
  delete from public.web_call_reservations where expires_at <= now();
  insert into public.web_call_reservations (id, client_bucket, address_source, expires_at)
  values (claim_id, bucket, request ->> 'address_source', now() + make_interval(secs => hold));
  return jsonb_build_object('outcome', 'reserved', 'expires_in_seconds', hold);
end
$$;

-- The press of a reservation: `request` is web_call_claim's. Answers as web_call_claim does
-- (call, existing for a retry of this press, limited), or {outcome: unreserved}: this client has
-- no live reservation and no call of this id, and nothing was written.
create function public.web_call_press(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  claim_id uuid := (request ->> 'id')::uuid;
  bucket text := private.client_bucket(request ->> 'client_address');
  found public.web_calls;
  limited jsonb;
begin
  -- An id this client never reserved is refused before the lock: a flood of them waits on none.
  if not exists (select 1 from public.web_call_reservations
                  where id = claim_id and client_bucket = bucket and expires_at > now())
     and not exists (select 1 from public.web_calls where id = claim_id and client_bucket = bucket)
  then
    return jsonb_build_object('outcome', 'unreserved');
  end if;
  perform pg_advisory_xact_lock(hashtext('public.web_call_claim'));
  select * into found from public.web_calls where id = claim_id;
  if found.id is not null then
    if found.client_bucket <> bucket then
      return jsonb_build_object('outcome', 'unreserved');
    end if;
    return jsonb_build_object('outcome', 'existing', 'status', found.status,
      'web_call', found.web_call);
  end if;
  if not exists (select 1 from public.web_call_reservations
                  where id = claim_id and client_bucket = bucket and expires_at > now()) then
    return jsonb_build_object('outcome', 'unreserved');
  end if;
  limited := private.web_call_limited(bucket, coalesce(request -> 'limits', '{}'::jsonb),
    (request ->> 'max_seconds')::integer, true, claim_id);
  if limited is not null then
    return limited;
  end if;
  delete from public.web_call_reservations where id = claim_id;
  return private.web_call_insert(claim_id, bucket, request);
end
$$;

-- Records what Vapi answered for a claimed call: {id, status, vapi_call_id, web_call, error}.
create function public.web_call_record(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  update public.web_calls
     set status = request ->> 'status',
         vapi_call_id = request ->> 'vapi_call_id',
         web_call = nullif(request -> 'web_call', 'null'::jsonb),
         error = left(request ->> 'error', 500)
   where id = (request ->> 'id')::uuid and status = 'pending';
  return jsonb_build_object('id', request ->> 'id');
end
$$;

revoke all on function private.web_call_limited(text, jsonb, integer, boolean, uuid),
  private.web_call_insert(uuid, text, jsonb), public.web_call_claim(jsonb),
  public.web_call_reserve(jsonb), public.web_call_press(jsonb), public.web_call_record(jsonb)
  from public, anon, authenticated;
grant execute on function public.web_call_claim(jsonb), public.web_call_reserve(jsonb),
  public.web_call_press(jsonb), public.web_call_record(jsonb) to service_role;

-- Chats ------------------------------------------------------------------------------------------

-- Chats with the agent in server mode (the chat function): no key in the page can start one.
-- Each chat is one id from the page; its first message passed the bot check. Every message is
-- claimed here within the limits: new chats per client address per window, messages per chat,
-- messages a day. A chat's session report (Vapi's session.updated, status completed) is kept in
-- demo_calls as kind webChat, beside the calls' reports.
create table public.web_chats (
  -- The page's id for one chat: every message of it, and its end.
  id uuid primary key,
  client_bucket text not null check (char_length(client_bucket) <= 100),
  address_source text check (address_source in ('cf-connecting-ip', 'x-forwarded-for', 'none')),
  visit_id uuid,
  -- Vapi's session, from the first answer: the next messages continue it, the end completes it.
  vapi_session_id text check (char_length(vapi_session_id) <= 100),
  messages integer not null default 0 check (messages >= 0),
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  ended_at timestamptz
);
create index web_chats_bucket_created on public.web_chats (client_bucket, created_at);
create index web_chats_last_message on public.web_chats (last_message_at);
create index web_chats_vapi_session on public.web_chats (vapi_session_id);
alter table public.web_chats enable row level security;
revoke all on table public.web_chats from public, anon, authenticated;

-- Each message of a day, counted where it was sent (a chat spans days at most by its idle end).
create table public.web_chat_messages (
  chat_id uuid not null references public.web_chats (id) on delete cascade,
  sent_at timestamptz not null default now()
);
create index web_chat_messages_sent on public.web_chat_messages (sent_at);
alter table public.web_chat_messages enable row level security;
revoke all on table public.web_chat_messages from public, anon, authenticated;

-- Claims one message of chat `request.id`: {id, client_address, address_source, visit_id,
-- verified (the bot check passed for this request), limits: {per_address, per_address_window
-- (seconds), messages_per_chat, messages_per_day}}. Answers {outcome}:
--   message     claimed: send it to Vapi {vapi_session_id: the session to continue, or null}
--   unverified  a new chat without a passed bot check
--   ended       the chat was ended: the page starts a new one
--   limited     {limit: address | chat | day, retry_after (seconds); a chat's messages spent: 60}
create function public.web_chat_claim(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  chat_id uuid := (request ->> 'id')::uuid;
  bucket text := private.client_bucket(request ->> 'client_address');
  limits jsonb := coalesce(request -> 'limits', '{}'::jsonb);
  window_seconds integer := coalesce((limits ->> 'per_address_window')::integer, 3600);
  found public.web_chats;
  used integer;
  oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtext('public.web_chat_claim'));
  select * into found from public.web_chats where id = chat_id;
  if found.id is null then
    if not coalesce((request ->> 'verified')::boolean, false) then
      return jsonb_build_object('outcome', 'unverified');
    end if;
    select count(*), min(created_at) into used, oldest from public.web_chats
     where client_bucket = bucket and created_at > now() - make_interval(secs => window_seconds);
    if used >= coalesce((limits ->> 'per_address')::integer, 5) then
      return private.claim_limited('address', oldest, make_interval(secs => window_seconds));
    end if;
  elsif found.ended_at is not null then
    return jsonb_build_object('outcome', 'ended');
  elsif found.messages >= coalesce((limits ->> 'messages_per_chat')::integer, 20) then
    return private.claim_limited('chat', now(), interval '60 seconds');
  end if;

  select count(*), min(sent_at) into used, oldest from public.web_chat_messages
   where sent_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'messages_per_day')::integer, 500) then
    return private.claim_limited('day', oldest, interval '24 hours');
  end if;

  if found.id is null then
    insert into public.web_chats (id, client_bucket, address_source, visit_id, messages)
    values (chat_id, bucket, request ->> 'address_source', (request ->> 'visit_id')::uuid, 1);
  else
    update public.web_chats set messages = messages + 1, last_message_at = now()
     where id = chat_id;
  end if;
  insert into public.web_chat_messages (chat_id) values (chat_id);
  -- Rows older than two days count for nothing: kept off the tables' size.
  delete from public.web_chats where last_message_at < now() - interval '2 days';
  return jsonb_build_object('outcome', 'message', 'vapi_session_id', found.vapi_session_id);
end
$$;

-- Records the session Vapi answered a chat's first message with: {id, vapi_session_id}.
create function public.web_chat_record(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  update public.web_chats
     set vapi_session_id = left(request ->> 'vapi_session_id', 100)
   where id = (request ->> 'id')::uuid and vapi_session_id is null;
  return jsonb_build_object('id', request ->> 'id');
end
$$;

-- Ends a chat: {id}. Answers {vapi_session_id} of a chat that was on (to complete on Vapi),
-- or null when it was ended before or never was.
create function public.web_chat_end(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  session text;
begin
  update public.web_chats set ended_at = now()
   where id = (request ->> 'id')::uuid and ended_at is null
  returning vapi_session_id into session;
  return jsonb_build_object('vapi_session_id', session);
end
$$;

revoke all on function public.web_chat_claim(jsonb), public.web_chat_record(jsonb),
  public.web_chat_end(jsonb) from public, anon, authenticated;
grant execute on function public.web_chat_claim(jsonb), public.web_chat_record(jsonb),
  public.web_chat_end(jsonb) to service_role;

-- Reports ----------------------------------------------------------------------------------------

-- Vapi's end-of-call report of each demo call, callback or chat (the vapi-events function, the
-- assistant's Server URL), once per Vapi call id. visit_id joins a lead to the calls before it.
create table public.demo_calls (
  vapi_call_id text primary key check (char_length(vapi_call_id) between 1 and 100),
  kind text not null
    check (kind in ('webCall', 'outboundPhoneCall', 'inboundPhoneCall', 'webChat', 'other')),
  started_at timestamptz,
  ended_at timestamptz,
  ended_reason text check (char_length(ended_reason) <= 200),
  duration_seconds numeric check (duration_seconds between 0 and 86400),
  cost numeric check (cost between 0 and 100000),
  summary text check (char_length(summary) <= 4000),
  structured_data jsonb check (structured_data is null or octet_length(structured_data::text) <= 8192),
  transcript text check (char_length(transcript) <= 20000),
  recording_url text check (char_length(recording_url) <= 1000),
  visit_id uuid,
  callback_id uuid,
  received_at timestamptz not null default now(),
  trade text check (trade is null or (char_length(trade) <= 40 and trade ~ '^[a-z]+(-[a-z]+)*$'))
);
comment on column public.demo_calls.trade is 'The trade page the call or chat was started from.';
create index demo_calls_visit on public.demo_calls (visit_id);
create index demo_calls_callback on public.demo_calls (callback_id);
alter table public.demo_calls enable row level security;
revoke all on table public.demo_calls from public, anon, authenticated;

-- Reports of calls and chats the site did not start, per day (UTC) and kind: how many were
-- stored within the allowance (and their bytes), and how many were refused. One row a day and
-- kind, whatever the number of reports: the owner reads it in the SQL editor
-- (select * from private.unknown_reports order by day desc).
create table private.unknown_reports (
  day date not null,
  kind text not null
    check (kind in ('webCall', 'outboundPhoneCall', 'inboundPhoneCall', 'webChat', 'other')),
  stored integer not null default 0 check (stored >= 0),
  stored_bytes bigint not null default 0 check (stored_bytes >= 0),
  refused integer not null default 0 check (refused >= 0),
  primary key (day, kind)
);
alter table private.unknown_reports enable row level security;
revoke all on table private.unknown_reports from public, anon, authenticated;

-- Stores one report: the fields of demo_calls (bounded by the function) and `limits`
-- {unknown_daily, unknown_daily_bytes}. A report is stored only for a call or chat the site
-- started (its Vapi id is in web_calls, callback_requests or web_chats); any other (a call
-- started with the public key, by the page or by anyone holding it) is counted per day and kind,
-- not stored, unless the day's allowance for such reports (VAPI_REPORTS_UNKNOWN_DAILY reports
-- and VAPI_REPORTS_UNKNOWN_DAILY_BYTES bytes; none by default) has room. Answers
--   {stored: true}                       the first time a call id arrives; with
--                                        ringing_after_ms for a callback whose phone rang (the
--                                        status-updates come before the end-of-call report)
--   {stored: false}                      Vapi's retries of a stored one
--   {stored: false, refused: true, refused_today}  a call the site did not start, past the
--                                        day's allowance: counted in private.unknown_reports
-- A report's bytes are its fields' JSON text as the function sent them (without `limits`).
create function public.demo_call_store(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  call_id text := request ->> 'vapi_call_id';
  report_kind text := request ->> 'kind';
  limits jsonb := coalesce(request -> 'limits', '{}'::jsonb);
  report_bytes bigint := octet_length((request - 'limits' - 'web_call_id')::text);
  today date := (now() at time zone 'utc')::date;
  known boolean;
  inserted integer;
  used integer;
  used_bytes bigint;
  refused_count integer;
  ringing_ms integer;
begin
  known := exists (select 1 from public.web_calls where vapi_call_id = call_id)
    or exists (select 1 from public.callback_requests where vapi_call_id = call_id)
    or exists (select 1 from public.web_chats where vapi_session_id = call_id);
  if not known and request ->> 'callback_id' is not null then
    -- A callback Vapi never answered for (status unknown: it may have called) has no call id on
    -- record; the call carries the callback's id, and its first report takes that place: one
    -- report a callback, as for the rest.
    update public.callback_requests set vapi_call_id = call_id
     where id = (request ->> 'callback_id')::uuid and status = 'unknown' and vapi_call_id is null;
    known := found;
  end if;
  if not known and request ->> 'web_call_id' is not null then
    -- The same for a web call whose start was never recorded (Vapi's answer did not come, or
    -- its record after the answer failed): the call carries the claim's id.
    update public.web_calls set vapi_call_id = call_id
     where id = (request ->> 'web_call_id')::uuid and status in ('pending', 'unknown')
       and vapi_call_id is null;
    known := found;
  end if;

  if not known then
    perform pg_advisory_xact_lock(hashtext('public.demo_call_store'));
    -- A retry of one stored within the allowance: acknowledged, counted no second time.
    if exists (select 1 from public.demo_calls where vapi_call_id = call_id) then
      return jsonb_build_object('stored', false);
    end if;
    select coalesce(sum(stored), 0), coalesce(sum(stored_bytes), 0) into used, used_bytes
      from private.unknown_reports where day = today;
    if used >= coalesce((limits ->> 'unknown_daily')::integer, 0)
       or used_bytes + report_bytes > coalesce((limits ->> 'unknown_daily_bytes')::bigint, 5000000)
    then
      insert into private.unknown_reports as counted (day, kind, refused)
      values (today, report_kind, 1)
      on conflict (day, kind) do update set refused = counted.refused + 1
      returning refused into refused_count;
      return jsonb_build_object('stored', false, 'refused', true, 'refused_today', refused_count);
    end if;
  end if;

  insert into public.demo_calls (vapi_call_id, kind, started_at, ended_at, ended_reason,
    duration_seconds, cost, summary, structured_data, transcript, recording_url, visit_id,
    callback_id, trade)
  values (call_id, report_kind, (request ->> 'started_at')::timestamptz,
    (request ->> 'ended_at')::timestamptz, request ->> 'ended_reason',
    (request ->> 'duration_seconds')::numeric, (request ->> 'cost')::numeric,
    request ->> 'summary', nullif(request -> 'structured_data', 'null'::jsonb),
    request ->> 'transcript', request ->> 'recording_url', (request ->> 'visit_id')::uuid,
    (request ->> 'callback_id')::uuid, request ->> 'trade')
  on conflict (vapi_call_id) do nothing;
  get diagnostics inserted = row_count;

  if not known and inserted > 0 then
    insert into private.unknown_reports as counted (day, kind, stored, stored_bytes)
    values (today, report_kind, 1, report_bytes)
    on conflict (day, kind) do update
      set stored = counted.stored + 1, stored_bytes = counted.stored_bytes + report_bytes;
  end if;
  if inserted > 0 and request ->> 'callback_id' is not null then
    -- The callback's speed to lead, for the webhook vapi-events posts (ringing_after_seconds).
    select ringing_after_ms into ringing_ms
      from public.callback_requests where id = (request ->> 'callback_id')::uuid;
  end if;
  return jsonb_build_object('stored', inserted > 0)
    || case when ringing_ms is null then '{}'::jsonb
       else jsonb_build_object('ringing_after_ms', ringing_ms) end;
end
$$;

-- A web call's end-of-call report ends its claim: it no longer counts as in progress, and it
-- counts in the day's minutes for as long as it ran.
create function private.web_call_ended() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.web_calls
     set ended_at = coalesce(new.ended_at, now()),
         ran_seconds = coalesce(new.duration_seconds, max_seconds)
   where vapi_call_id = new.vapi_call_id;
  return new;
end
$$;
create trigger demo_calls_end_web_call after insert on public.demo_calls
  for each row execute function private.web_call_ended();

-- A callback's step as the stopwatch reads it: milliseconds from the request (`since`) to the
-- step, plus the press's offset (pressed_ms), never negative; null until Vapi reported it. The
-- ringing step is the same sum as the generated ringing_after_ms.
create function private.callback_step_ms(step_at timestamptz, since timestamptz, pressed integer)
returns integer language sql immutable set search_path = '' as $$
  select case when step_at is null then null else
    greatest(0, (extract(epoch from (step_at - since)) * 1000)::integer + coalesce(pressed, 0))
  end
$$;

-- The lead card: the visitor's page reads the report of its own demo call, Call my phone or
-- chat, which the call-report function asks for here once the page's key for that id has passed
-- (supabase/functions/_shared/report-key.ts). One function, no listing: it finds one source by
-- its primary key, then that source's report by its primary key. `request.id` is the row id
-- start-web-call, request-callback or chat answered in its ticket; `request.readable_seconds`
-- (default 3600, REPORT_READABLE_SECONDS) bounds both answers:
-- - {status: 'ready', report}: its report was stored (demo_calls.received_at) within that many
--   seconds; `report` holds the stored fields the lead card and the owner's webhook name, and
--   `ringing_after_seconds` (its callback's ringing_after_ms in seconds, to the tenth; null for
--   a report of no callback, or before a ring);
-- - {status: 'waiting'}: no report yet, and one may still come: the source was started (a web
--   call's or callback's claim; a chat's last message, since its report comes at its end) within
--   that many seconds, and did not fail (a web call or callback Vapi refused makes no report);
-- - {status: 'not_found'}: no such source, a failed one, or a report or wait past the bound.
-- A callback's answers, waiting and ready, carry its `steps` {queued_ms, ringing_ms,
-- answered_ms, ended} for the stopwatch. A source is linked to its report as demo_call_store
-- links them: web_calls and callback_requests by `vapi_call_id`, web_chats by `vapi_session_id`.
create function public.call_report_read(request jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  source_id uuid := (request ->> 'id')::uuid;
  readable interval := make_interval(secs => coalesce((request ->> 'readable_seconds')::integer, 3600));
  call_id text;
  since timestamptz;
  stored public.demo_calls;
  callback public.callback_requests;
  steps jsonb;
  answer jsonb;
begin
  select vapi_call_id, created_at into call_id, since
    from public.web_calls where id = source_id and status <> 'failed';
  if not found then
    select * into callback
      from public.callback_requests where id = source_id and status <> 'failed';
    if found then
      call_id := callback.vapi_call_id;
      since := callback.created_at;
      steps := jsonb_build_object(
        'queued_ms', private.callback_step_ms(callback.queued_at,
          coalesce(callback.requested_at, callback.created_at), callback.pressed_ms),
        'ringing_ms', private.callback_step_ms(callback.ringing_at,
          coalesce(callback.requested_at, callback.created_at), callback.pressed_ms),
        'answered_ms', private.callback_step_ms(callback.answered_at,
          coalesce(callback.requested_at, callback.created_at), callback.pressed_ms),
        'ended', callback.vapi_ended_at is not null);
    end if;
  end if;
  if not found then
    select vapi_session_id, last_message_at into call_id, since
      from public.web_chats where id = source_id;
  end if;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;

  if call_id is not null then
    select * into stored from public.demo_calls where vapi_call_id = call_id;
    if found then
      if stored.received_at <= now() - readable then
        return jsonb_build_object('status', 'not_found');
      end if;
      answer := jsonb_build_object('status', 'ready', 'report', jsonb_build_object(
        'vapi_call_id', stored.vapi_call_id,
        'kind', stored.kind,
        'ended_at', stored.ended_at,
        'ended_reason', stored.ended_reason,
        'duration_seconds', stored.duration_seconds,
        'cost', stored.cost,
        'summary', stored.summary,
        'structured_data', stored.structured_data,
        'transcript', stored.transcript,
        'recording_url', stored.recording_url,
        'visit_id', stored.visit_id,
        'callback_id', stored.callback_id,
        'trade', stored.trade,
        'ringing_after_seconds', (select round(ringing.ringing_after_ms / 1000.0, 1)
          from public.callback_requests ringing where ringing.id = stored.callback_id)));
      return case when steps is null then answer else answer || jsonb_build_object('steps', steps) end;
    end if;
  end if;
  if since > now() - readable then
    answer := jsonb_build_object('status', 'waiting');
    return case when steps is null then answer else answer || jsonb_build_object('steps', steps) end;
  end if;
  return jsonb_build_object('status', 'not_found');
end
$$;

revoke all on function private.web_call_ended(),
  private.callback_step_ms(timestamptz, timestamptz, integer), public.demo_call_store(jsonb),
  public.call_report_read(jsonb) from public, anon, authenticated;
grant execute on function public.demo_call_store(jsonb), public.call_report_read(jsonb)
  to service_role;

-- Budget alerts ----------------------------------------------------------------------------------

-- The first refusal of a day's budget (demo calls, their minutes, Call my phone, chat messages)
-- records the day here, once per budget and day, and only that first one posts the owner's
-- `budget_spent` webhook; every later refusal of the same day finds the row and posts nothing.
create table private.budget_alerts (
  feature text not null check (feature in ('calls', 'minutes', 'phone', 'chat')),
  -- The UTC day the budget ran out on: one alert per budget and day.
  day date not null,
  budget integer not null check (budget > 0),
  resets_at timestamptz not null,
  sent_at timestamptz not null default now(),
  -- How many requests that day the budget refused (the owner's count of visitors turned away).
  refused integer not null default 1,
  primary key (feature, day)
);
alter table private.budget_alerts enable row level security;
revoke all on table private.budget_alerts from public, anon, authenticated;

-- A budget ran out: `request` {feature, budget, retry_after (seconds)}. Answers {first, day,
-- resets_at}: `first` only for the day's first report of that budget (the caller then posts the
-- owner's webhook). Rows older than 30 days are deleted on the way: the table holds at most
-- 4 x 31 rows.
create function public.budget_spent(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  today date := (now() at time zone 'utc')::date;
  resets timestamptz := now() + make_interval(secs => greatest(coalesce((request ->> 'retry_after')::integer, 0), 0));
  inserted boolean;
begin
  delete from private.budget_alerts where day < today - 30;
  -- A new row is the day's first (its xmax is 0); a repeat counts one more refusal.
  insert into private.budget_alerts (feature, day, budget, resets_at)
  values (request ->> 'feature', today, (request ->> 'budget')::integer, resets)
  on conflict (feature, day) do update set refused = private.budget_alerts.refused + 1
  returning (xmax = 0) into inserted;
  return jsonb_build_object('first', inserted, 'day', to_char(today, 'YYYY-MM-DD'),
    'resets_at', to_char(resets at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
end
$$;

revoke all on function public.budget_spent(jsonb) from public, anon, authenticated;
grant execute on function public.budget_spent(jsonb) to service_role;
