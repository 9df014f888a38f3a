vcl 4.1;
# The shared cache in front of the site (docs/operations.md "Shared cache (Varnish)", docs/decisions/056),
# for Varnish 7.1 with varnish-modules (Debian: apt-get install varnish varnish-modules):
#
#   varnishd -f /path/to/deploy/varnish.vcl -a :80 -s malloc,1G -p http_gzip_support=off
#
# Layout: visitors (or a CDN) → Varnish → nginx (deploy/nginx.conf) → N app processes → PostgreSQL.
# What it does:
# - it keys a page on its URL with only the query parameters its route reads, sorted (the generated
#   query block; docs/decisions/063), the host and the visitor's normalised audience (investor profile,
#   country of residence, video consent, language), never on the raw Cookie header, and hands the app
#   only the cookies of that audience (the generated block below);
# - it keeps only what the app marks for it (Surrogate-Control: max-age=…, with its tags in xkey), and
#   Next's build files and other answers that are `public` and `immutable`; nothing with a Set-Cookie,
#   nothing but a 200 to a GET;
# - a probe of /api/health: past its time, a page is served stale for 10 s while the app is healthy, for
#   up to an hour while it is sick (the lifetimes block);
# - the app purges by tag on every publication (PURGE with `xkey-purge: tag1 tag2 …`, from the ACL);
# - the browser still gets the app's `private, no-cache`: it revalidates every page (a 304 from here).
# tests/varnish/*.vtc test this file with varnishtest (scripts/varnish-vcl.test.ts), and
# `npm run test:resilience` (part `cache`) runs it in front of two app processes.

import std;
import cookie;
import header;
import xkey;

# BEGIN backend: scripts/resilience/varnish.ts and scripts/varnish-vcl.test.ts replace this block.
# In production, the nginx in front of the app processes (deploy/nginx.conf): change the .host and .port
# line below to its address (with nginx on this machine, move nginx's `listen 80;` to another port first).
# The probe: /api/health answers 200 while an app process answers and reaches the database. Sick after 3
# failures among the last 5 probes (about 6 s), healthy again after 3 successes; healthy at start, so a
# restarted Varnish fetches at once. While it is sick, the pages held are served past their time
# (fundhouse_grace_outage below). Tests copy this probe into the backends they declare.
probe fundhouse_health {
  .url = "/api/health";
  .interval = 2s;
  .timeout = 1s;
  .window = 5;
  .threshold = 3;
  .initial = 3;
}

backend app {
  .host = "127.0.0.1"; .port = "3000";
  .probe = fundhouse_health;
  .connect_timeout = 2s;
  # As nginx's proxy_read_timeout: a page rendered per request may take a while under load.
  .first_byte_timeout = 140s;
  .between_bytes_timeout = 60s;
}

sub fundhouse_backend {
  set req.backend_hint = app;
}
# END backend

# Who may purge: the app machines (CACHE_PURGE_URL points at this Varnish). Add their addresses here,
# e.g. "10.0.0.0"/24;. client.ip is the connection's address: a TLS terminator in front of Varnish must
# pass the visitor's address with the PROXY protocol (-a :8443,PROXY), or every visitor would come
# from its address, which this list might then trust.
acl fundhouse_purgers {
  "127.0.0.1";
  "::1";
}

# BEGIN generated audience: `npm run varnish:vcl` writes this block from src/domain/cache/audience-key.ts; do not edit it by hand.

# The audience of a request the cache may answer, and the only cookies the app then gets (see the
# module named above for why each is in the key, and why the disclaimer and analytics cookies are not).
sub fundhouse_audience {
  # A part with no `=` (`flag`) would make vmod_cookie lose the cookie after it: removed first.
  set req.http.Cookie = regsub(regsuball(req.http.Cookie, {"(?:^|;)[^;=]*(?=;|$)"}, ""), {"^[;\s]+"}, "");
  cookie.parse(req.http.Cookie);
  # The investor profile: the cookie's when it is one, else RETAIL (as the proxy).
  set req.http.X-Fundhouse-Cache-Profile = cookie.get({"investor_profile"});
  if (req.http.X-Fundhouse-Cache-Profile !~ {"^(?:RETAIL|INSTIT|CGP)$"}) {
    set req.http.X-Fundhouse-Cache-Profile = {"RETAIL"};
  }
  # The country of residence when well formed, else none (the app's DEFAULT_COUNTRY). Varnish does not
  # know the site's countries: a well-formed unknown code gets its own entry holding the default
  # country's page (right for that visitor, at most one entry per code).
  set req.http.X-Fundhouse-Cache-Country = cookie.get({"investor_country"});
  if (req.http.X-Fundhouse-Cache-Country !~ {"^(?:[A-Z]{2}|INT)$"}) {
    unset req.http.X-Fundhouse-Cache-Country;
  }
  set req.http.X-Fundhouse-Cache-Video = "0";
  set req.http.X-Fundhouse-Cache-Visitor-Locale = cookie.get({"i18n_redirected"});
  if (req.url ~ {"^/(fr|en|es)(?:[/?]|$)"}) {
    # A page: its language from the path; video consent (the CSP's frame-src), only as serializeConsent writes it.
    set req.http.X-Fundhouse-Cache-Locale = regsub(req.url, {"^/(fr|en|es)(?:[/?]|$).*$"}, "\1");
    if (req.url !~ {"^[^?]*\.[A-Za-z0-9]+(?:\?|$)"}) {
      set req.http.X-Fundhouse-Cache-Page-Locale = req.http.X-Fundhouse-Cache-Locale;
    }
    if (cookie.get({"cookie_consent"}) ~ {"^(?:%7B%22v%22%3A1%2C%22video%22%3Atrue(?:%2C%22at%22%3A%22[0-9]{4}-[0-9]{2}-[0-9]{2}%22)?%7D|\{"v":1,"video":true(?:,"at":"[0-9]{4}-[0-9]{2}-[0-9]{2}")?\})$"}) {
      set req.http.X-Fundhouse-Cache-Video = "1";
    }
  } else if (req.url ~ {"^/e/(fr|en|es)/"}) {
    # A document: the language of its path.
    set req.http.X-Fundhouse-Cache-Locale = regsub(req.url, {"^/e/(fr|en|es)/.*$"}, "\1");
  } else if (req.http.X-Fundhouse-Cache-Visitor-Locale ~ {"^(?:fr|en|es)$"}) {
    # Elsewhere (/ redirects by it): the visitor's language cookie when it names a locale.
    set req.http.X-Fundhouse-Cache-Locale = req.http.X-Fundhouse-Cache-Visitor-Locale;
  }
  set req.http.Cookie = {"investor_profile="} + req.http.X-Fundhouse-Cache-Profile;
  if (req.http.X-Fundhouse-Cache-Country) {
    set req.http.Cookie = req.http.Cookie + {"; investor_country="} + req.http.X-Fundhouse-Cache-Country;
  }
  if (req.http.X-Fundhouse-Cache-Video == "1") {
    set req.http.Cookie = req.http.Cookie + {"; cookie_consent=%7B%22v%22%3A1%2C%22video%22%3Atrue%7D"};
  }
  if (req.http.X-Fundhouse-Cache-Locale) {
    set req.http.Cookie = req.http.Cookie + {"; i18n_redirected="} + req.http.X-Fundhouse-Cache-Locale;
  }
  set req.http.X-Fundhouse-Cache-Audience = req.http.X-Fundhouse-Cache-Profile + "-" + req.http.X-Fundhouse-Cache-Country + ";video=" + req.http.X-Fundhouse-Cache-Video + ";locale=" + req.http.X-Fundhouse-Cache-Locale;
}

# The language cookie next-intl would have set (the app is always sent the matching one): on a page of a
# locale, for a document request, when the visitor's cookie is not that locale. Never stored.
sub fundhouse_locale_cookie {
  if (req.http.X-Fundhouse-Cache-Page-Locale && req.http.X-Fundhouse-Cache-Visitor-Locale != req.http.X-Fundhouse-Cache-Page-Locale && (!req.http.Sec-Fetch-Dest || req.http.Sec-Fetch-Dest == "document")) {
    header.append(resp.http.Set-Cookie, {"i18n_redirected="} + req.http.X-Fundhouse-Cache-Page-Locale + {"; Path=/; Expires="} + (now + 31536000s) + {"; Max-Age=31536000; SameSite=lax"});
  }
}

# END generated audience

# BEGIN lifetimes: scripts/resilience/varnish.ts may shorten these for a test; change them here.
# How long a page the app marked (Surrogate-Control: max-age, 600 s by default) is served past its time.
# While the app answers its probe: 10 s, once, while the new page is fetched (never longer: the app is
# the truth). While it is sick (every process down, a deployment, no database): up to an hour, so that
# the pages visitors reach stay readable. A purge removes a page at once either way.
sub fundhouse_grace_healthy {
  set req.grace = 10s;
}
sub fundhouse_grace_outage {
  set beresp.grace = 1h;
}
# END lifetimes

# BEGIN generated query: `npm run varnish:vcl` writes this block from src/domain/cache/query-key.ts; do not edit it by hand.

# The query string a request is looked up under, and the only one the app gets: the parameters its
# route reads (see the module named above), sorted; any other is dropped. So random parameters make
# no new entries, and `?b=1&a=2` is `?a=2&b=1`.
sub fundhouse_query {
  if (req.url ~ {"^(?:/fr/desabonnement|/en/unsubscribe|/es/baja|/fr/alertes|/en/alerts|/es/alertas)/?(?:\?|$)"}) {
    # Rendered per request for a personal token, never cached: passed as they came.
    return (pass);
  }
  if (req.url !~ {"\?"}) {
    return;
  }
  if (req.url ~ {"^(?:/fr/gamme-fonds|/en/fund-range|/es/nuestros-fondos)/?(?:\?|$)"}) {
    # The fund range: category, sri, sfdr, currency, q, sort.
    set req.url = regsuball(req.url, {"(?<=[?&])(?!(?:category|sri|sfdr|currency|q|sort)=)[^&]*(?:&|$)"}, "");
    set req.url = regsuball(req.url, {"(?<=[?&])sri=(?!(?:1|2|3|4|5|6|7)(?:&|$))[^&]*(?:&|$)"}, "");
    set req.url = regsuball(req.url, {"(?<=[?&])sfdr=(?!(?:6|8|9)(?:&|$))[^&]*(?:&|$)"}, "");
    set req.url = regsuball(req.url, {"(?<=[?&])sort=(?!(?:category|name|risk-asc|risk-desc|ytd|1y)(?:&|$))[^&]*(?:&|$)"}, "");
  } else if (req.url ~ {"^(?:/fr/documents|/en/documents|/es/documentos)/?(?:\?|$)"}) {
    # The document library: q, fund, share, type, language, month, from, to, archive, page.
    set req.url = regsuball(req.url, {"(?<=[?&])(?!(?:q|fund|share|type|language|month|from|to|archive|page)=)[^&]*(?:&|$)"}, "");
    set req.url = regsuball(req.url, {"(?<=[?&])archive=(?!(?:1)(?:&|$))[^&]*(?:&|$)"}, "");
    set req.url = regsuball(req.url, {"(?<=[?&])page=(?!(?:[1-9][0-9]{0,3})(?:&|$))[^&]*(?:&|$)"}, "");
  } else if (req.url ~ {"^(?:/fr/avis-aux-porteurs|/en/shareholder-notices|/es/avisos-a-los-participes)/?(?:\?|$)"}) {
    # The shareholder notices: fund, type, page.
    set req.url = regsuball(req.url, {"(?<=[?&])(?!(?:fund|type|page)=)[^&]*(?:&|$)"}, "");
    set req.url = regsuball(req.url, {"(?<=[?&])type=(?!(?:merger|liquidation|name-change|prospectus-change|suspension|lmt-activated|lmt-lifted|other)(?:&|$))[^&]*(?:&|$)"}, "");
    set req.url = regsuball(req.url, {"(?<=[?&])page=(?!(?:[1-9][0-9]{0,3})(?:&|$))[^&]*(?:&|$)"}, "");
  } else if (req.url ~ {"^(?:/fr/actualites|/en/news|/es/noticias|/fr/actualites/c/[^/?]+|/en/news/c/[^/?]+|/es/noticias/c/[^/?]+)/?(?:\?|$)"}) {
    # The news list (old ?page= addresses): page.
    set req.url = regsuball(req.url, {"(?<=[?&])(?!(?:page)=)[^&]*(?:&|$)"}, "");
    set req.url = regsuball(req.url, {"(?<=[?&])page=(?!(?:[1-9][0-9]{0,3})(?:&|$))[^&]*(?:&|$)"}, "");
  } else if (req.url ~ {"^(?:/e/(?:fr|en|es)/data/findatex/[^/?]+|/e/(?:fr|en|es)/data/funds/[^/?]+/[^/?]+/[^/?]+)(?:\?|$)"}) {
    # The FinDatEx files: version.
    set req.url = regsuball(req.url, {"(?<=[?&])(?!(?:version)=)[^&]*(?:&|$)"}, "");
  } else {
    # Every other page, the documents, the feeds and the files read no query string.
    set req.url = regsub(req.url, {"\?.*$"}, "");
  }
  set req.url = std.querysort(req.url);
  set req.url = regsub(req.url, {"[?&]+$"}, "");
}

# END generated query

sub vcl_recv {
  call fundhouse_backend;
  # Every request has an id, logged by the app too: a plain incoming one is kept (as runtime/server.mjs
  # does), else one is made; it is delivered from this request, never from a stored answer.
  if (req.http.X-Request-Id !~ "^[A-Za-z0-9._-]{8,64}$") {
    set req.http.X-Request-Id = "varnish-" + std.integer(time=now) + "-" + req.xid;
  }
  # Only this file sets these.
  unset req.http.X-Fundhouse-Cache-Profile;
  unset req.http.X-Fundhouse-Cache-Country;
  unset req.http.X-Fundhouse-Cache-Video;
  unset req.http.X-Fundhouse-Cache-Locale;
  unset req.http.X-Fundhouse-Cache-Visitor-Locale;
  unset req.http.X-Fundhouse-Cache-Page-Locale;
  unset req.http.X-Fundhouse-Cache-Audience;
  unset req.http.X-Fundhouse-Cache-Encoding;
  unset req.http.X-Fundhouse-Cache-Purged;
  if (req.restarts == 0) {
    unset req.http.X-Fundhouse-Cache-Stale;
  }

  # The app purges by tag on every publication (src/server/cache/purge.ts): PURGE / with the tags,
  # separated by spaces, in xkey-purge. Hard purges: the next request fetches the new page.
  if (req.method == "PURGE") {
    if (client.ip !~ fundhouse_purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(405, "Only purges by tag (xkey-purge)"));
    }
    set req.http.X-Fundhouse-Cache-Purged = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.X-Fundhouse-Cache-Purged));
  }
  if (req.method == "PRI") {
    return (synth(405));
  }
  # Only GET and HEAD are looked up; everything passed goes to the app as it came, Cookie included.
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The back-office (and its previews), the APIs and forms, GraphQL (its own caches) and the content
  # query (per query, no-store), and anything signed in. Documents under /e/ are looked up: the app marks
  # them for this cache under their fund's and audience's tags.
  if (req.url ~ "^/(?:admin|api|graphql|_content)(?:[/?]|$)" || req.http.Authorization) {
    return (pass);
  }
  # Next's client-router requests (RSC payloads, prefetches, server actions): Next varies them on its
  # router-state headers, which would split the cache per navigation; the app serves them from its own
  # cache.
  if (req.http.RSC || req.http.Next-Router-Prefetch || req.http.Next-Router-Segment-Prefetch || req.http.Next-Router-State-Tree || req.http.Next-Action || req.http.Next-Url) {
    return (pass);
  }
  # Only the query parameters the route reads, sorted (the generated block below): the lookup and the app
  # see the same URL, and a random parameter (?x=1, utm_*, gclid…) makes no new entry. Documents, feeds
  # and Next's files read none. The browser keeps its URL.
  call fundhouse_query;

  # Grace: past its time, a page is served stale for the short grace only while the app is healthy; when
  # the probe says it is sick, or a fetch just failed (below, vcl_synth), for as long as it is held.
  if (std.healthy(req.backend_hint) && !req.http.X-Fundhouse-Cache-Stale) {
    call fundhouse_grace_healthy;
  } else {
    # A restart keeps req.grace: set past any object's own grace (fundhouse_grace_outage), which then applies.
    set req.grace = 1d;
  }

  # The app compresses once, brotli or gzip (runtime/compressed-responses.mjs) and varies on it: at most
  # three variants of an answer. Kept in a header of ours too: with http_gzip_support on, Varnish would
  # rewrite Accept-Encoding to gzip after this (vcl_backend_fetch puts it back).
  if (req.http.Accept-Encoding ~ "(?i)(?:^|,)\s*br\s*(?:,|$|;\s*q=(?:1|0?\.[0-9]*[1-9]))") {
    set req.http.Accept-Encoding = "br";
  } else if (req.http.Accept-Encoding ~ "(?i)(?:^|,)\s*gzip\s*(?:,|$|;\s*q=(?:1|0?\.[0-9]*[1-9]))") {
    set req.http.Accept-Encoding = "gzip";
  } else {
    unset req.http.Accept-Encoding;
  }
  if (req.http.Accept-Encoding) {
    set req.http.X-Fundhouse-Cache-Encoding = req.http.Accept-Encoding;
  } else {
    set req.http.X-Fundhouse-Cache-Encoding = "identity";
  }

  # Next's build files are named by their content and read no cookie: one object for everyone.
  if (req.url ~ "^/_next/static/") {
    unset req.http.Cookie;
    set req.http.X-Fundhouse-Cache-Audience = "static";
    return (hash);
  }

  call fundhouse_audience;
  return (hash);
}

sub vcl_hash {
  hash_data(req.url);
  if (req.http.Host) {
    hash_data(req.http.Host);
  } else {
    hash_data(server.ip);
  }
  hash_data(req.http.X-Fundhouse-Cache-Audience);
  hash_data(req.http.X-Fundhouse-Cache-Encoding);
  return (lookup);
}

sub vcl_backend_fetch {
  # A lookup: the encoding normalised in vcl_recv (http_gzip_support may have changed it since).
  if (bereq.http.X-Fundhouse-Cache-Encoding == "br" || bereq.http.X-Fundhouse-Cache-Encoding == "gzip") {
    set bereq.http.Accept-Encoding = bereq.http.X-Fundhouse-Cache-Encoding;
  } else if (bereq.http.X-Fundhouse-Cache-Encoding == "identity") {
    unset bereq.http.Accept-Encoding;
  }
  unset bereq.http.X-Fundhouse-Cache-Profile;
  unset bereq.http.X-Fundhouse-Cache-Country;
  unset bereq.http.X-Fundhouse-Cache-Video;
  unset bereq.http.X-Fundhouse-Cache-Locale;
  unset bereq.http.X-Fundhouse-Cache-Visitor-Locale;
  unset bereq.http.X-Fundhouse-Cache-Page-Locale;
  unset bereq.http.X-Fundhouse-Cache-Audience;
  unset bereq.http.X-Fundhouse-Cache-Encoding;
  unset bereq.http.X-Fundhouse-Cache-Stale;
}

sub vcl_backend_response {
  if (bereq.uncacheable) {
    # A pass: the app's answer as it is.
    return (deliver);
  }
  # nginx answers but no app process behind it does (502, 503, 504), before the probe says so: the same
  # as a failed fetch (vcl_backend_error). A visitor's request starts again allowed the outage grace,
  # so a page still held is served; a background fetch leaves the held page as it is. Remembered as
  # hit-for-miss (below), the error would hide that page for 2 minutes (tests/varnish/backend-errors.vtc).
  if (beresp.status >= 502 && beresp.status <= 504) {
    return (abandon);
  }
  # The key covers the audience; Varnish would otherwise keep one variant per raw Cookie header. The
  # other fields stay (Accept-Encoding, Next's router headers). The browser still gets Vary: Cookie.
  if (beresp.http.Vary ~ "(?i)(?:^|,)\s*cookie\s*(?:,|$)") {
    set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(?:^|,)\s*cookie\s*(?=,|$)", "");
    set beresp.http.Vary = regsub(beresp.http.Vary, "^\s*,\s*", "");
    if (beresp.http.Vary !~ "[^\s,]") {
      unset beresp.http.Vary;
    }
    set beresp.http.X-Fundhouse-Cache-Vary-Cookie = "1";
  }
  # Never kept: an answer that sets a cookie, anything but a 200 to a GET. Not 404 either: the app
  # serves every unknown URL of an audience from one cached page of its own, cheaply, and keeping them
  # here would let anyone fill this cache with random URLs and push the real pages out.
  if (bereq.method != "GET" || beresp.status != 200 || beresp.http.Set-Cookie) {
    call fundhouse_uncacheable;
    return (deliver);
  }
  # What the app marks for a shared cache: for its max-age, purged by tag before that on publication.
  if (beresp.http.Surrogate-Control ~ "(?i)(?:^|[,\s])max-age=[0-9]+" && beresp.http.Surrogate-Control !~ "(?i)no-store") {
    set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "(?i)^.*(?:^|[,\s])max-age=([0-9]+).*$", "\1") + "s", 0s);
  } else if (beresp.http.Cache-Control ~ "(?i)(?:^|,)\s*public\s*(?:,|$)" && beresp.http.Cache-Control ~ "(?i)(?:^|,)\s*immutable\s*(?:,|$)" && beresp.http.Cache-Control !~ "(?i)private|no-store|no-cache") {
    # Next's build files, versioned documents: beresp.ttl is their max-age, as Varnish read it.
  } else {
    call fundhouse_uncacheable;
    return (deliver);
  }
  if (beresp.ttl <= 0s) {
    call fundhouse_uncacheable;
    return (deliver);
  }
  # Kept past its time for the outage grace (the lifetimes block), but served then only as vcl_recv says:
  # the short grace while the app is healthy. A purge removes the page at once (no grace).
  call fundhouse_grace_outage;
  set beresp.keep = 0s;
  return (deliver);
}

# Not kept, but remembered as such for 2 minutes (hit-for-miss): requests for it go to the app side by
# side instead of waiting for one another, and a later answer that may be kept replaces it.
sub fundhouse_uncacheable {
  set beresp.ttl = 120s;
  set beresp.grace = 0s;
  set beresp.uncacheable = true;
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # For this cache only; the proxy's internal rewrite header never leaves.
  unset resp.http.Surrogate-Control;
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.x-middleware-rewrite;
  if (resp.http.X-Fundhouse-Cache-Vary-Cookie) {
    unset resp.http.X-Fundhouse-Cache-Vary-Cookie;
    if (resp.http.Vary) {
      set resp.http.Vary = resp.http.Vary + ", Cookie";
    } else {
      set resp.http.Vary = "Cookie";
    }
  }
  set resp.http.X-Request-Id = req.http.X-Request-Id;
  call fundhouse_locale_cookie;
}

# A fetch for a visitor that failed (no app process answered, or nginx's 502/503/504 before the probe
# says so: vcl_backend_response): the request starts again once, allowed the whole outage grace, so a
# page still held is served; if none is, the 503.
sub vcl_backend_error {
  if (!bereq.is_bgfetch && !bereq.uncacheable) {
    return (abandon);
  }
}

sub vcl_synth {
  if (resp.status == 503 && req.restarts == 0 && req.http.X-Fundhouse-Cache-Audience && !req.http.X-Fundhouse-Cache-Stale) {
    set req.http.X-Fundhouse-Cache-Stale = "1";
    return (restart);
  }
  set resp.http.X-Cache = "MISS";
  set resp.http.X-Request-Id = req.http.X-Request-Id;
  if (req.http.X-Fundhouse-Cache-Purged) {
    set resp.http.xkey-purged = req.http.X-Fundhouse-Cache-Purged;
  }
}
