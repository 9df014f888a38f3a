vcl 4.1;
# The shared cache in front of the site (docs/operations.md "Shared cache (Varnish)", docs/decisions/056),
# for Varnish 7.1 with varnish-modules (Debian: apt-get install varnish varnish-modules):
#
#   varnishd -f /path/to/deploy/varnish.vcl -a :80 -s malloc,1G -p http_gzip_support=off
#
# Layout: visitors (or a CDN) → Varnish → nginx (deploy/nginx.conf) → N app processes → PostgreSQL.
# What it does:
# - it keys a page on its URL, the host and the visitor's normalised audience (investor profile,
#   country of residence, video consent, language), never on the raw Cookie header, and hands the app
#   only the cookies of that audience (the generated block below);
# - it keeps only what the app marks for it (Surrogate-Control: max-age=…, with its tags in xkey), and
#   Next's build files and other answers that are `public` and `immutable`; nothing with a Set-Cookie,
#   nothing but a 200 to a GET;
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
backend app {
  .host = "127.0.0.1"; .port = "3000";
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

sub vcl_recv {
  call fundhouse_backend;
  # Every request has an id, logged by the app too: a plain incoming one is kept (as scripts/server.mjs
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

  # The app compresses once, brotli or gzip (scripts/compressed-responses.mjs) and varies on it: at most
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

  # Marketing parameters (utm_*, gclid, fbclid) change nothing the app renders: removed before the
  # lookup (and from what the app is sent), so that a campaign link is a HIT. The browser keeps its URL.
  if (req.url ~ "[?&](?:utm_[A-Za-z0-9_]*|gclid|fbclid)=") {
    set req.url = regsuball(req.url, "(?<=[?&])(?:utm_[A-Za-z0-9_]*|gclid|fbclid)=[^&]*(?:&|$)", "");
    set req.url = regsub(req.url, "[?&]+$", "");
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
}

sub vcl_backend_response {
  if (bereq.uncacheable) {
    # A pass: the app's answer as it is.
    return (deliver);
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
  # A few seconds of grace: a page whose time is up is served once more while the new one is fetched.
  # A purge removes the page at once (no grace).
  set beresp.grace = 10s;
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

sub vcl_synth {
  set resp.http.X-Cache = "MISS";
  set resp.http.X-Request-Id = req.http.X-Request-Id;
  if (req.http.X-Fundhouse-Cache-Purged) {
    set resp.http.xkey-purged = req.http.X-Fundhouse-Cache-Purged;
  }
}
