"""A small OpenID Connect provider on 127.0.0.1 for tests (never the internet): discovery document, authorize (signs
in whoever the test names, no password page), token (an RS256-signed id_token with the nonce the client sent), jwks
and userinfo. Enough for Streamlit's st.login (Authlib) to run its whole authorization-code flow against it."""
from __future__ import annotations

import json
import secrets
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeOIDCProvider:
    def __init__(self, client_id: str = "ara-test-client", client_secret: str = "ara-test-secret"):
        from joserfc.jwk import RSAKey    # Authlib's own JOSE library (a dependency of Authlib)

        self.client_id, self.client_secret = client_id, client_secret
        self.key = RSAKey.generate_key(2048, parameters={"kid": "test-key-1", "use": "sig", "alg": "RS256"})
        self.user = {"sub": "user-1", "email": "alice@example.com", "name": "Alice"}   # who "signs in" next
        self.codes: dict[str, dict] = {}
        self.token_requests: list[dict] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._server.shutdown()
        self._server.server_close()

    @property
    def metadata_url(self) -> str:
        return self.url + "/.well-known/openid-configuration"

    def discovery(self) -> dict:
        return {"issuer": self.url, "authorization_endpoint": self.url + "/authorize",
                "token_endpoint": self.url + "/token", "jwks_uri": self.url + "/jwks",
                "userinfo_endpoint": self.url + "/userinfo", "response_types_supported": ["code"],
                "subject_types_supported": ["public"], "id_token_signing_alg_values_supported": ["RS256"],
                "scopes_supported": ["openid", "profile", "email"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"]}

    def id_token(self, claims: dict) -> str:
        from joserfc import jwt

        now = int(time.time())
        body = {"iss": self.url, "aud": self.client_id, "iat": now, "exp": now + 600, **claims}
        return jwt.encode({"alg": "RS256", "kid": "test-key-1"}, body, self.key)

    def _handler(self):
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):   # quiet
                pass

            def _json(self, obj: dict, status: int = 200) -> None:
                data = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):  # noqa: N802
                url = urllib.parse.urlparse(self.path)
                q = dict(urllib.parse.parse_qsl(url.query))
                if url.path == "/.well-known/openid-configuration":
                    return self._json(provider.discovery())
                if url.path == "/jwks":
                    return self._json({"keys": [provider.key.as_dict(private=False)]})
                if url.path == "/authorize":
                    if q.get("client_id") != provider.client_id or q.get("response_type") != "code":
                        return self._json({"error": "invalid_request"}, 400)
                    code = secrets.token_urlsafe(16)
                    provider.codes[code] = {"nonce": q.get("nonce"), "redirect_uri": q.get("redirect_uri"),
                                            "user": dict(provider.user)}
                    target = q["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": q.get("state", "")})
                    self.send_response(302)
                    self.send_header("Location", target)
                    self.end_headers()
                    return None
                if url.path == "/userinfo":
                    return self._json(provider.user)
                return self._json({"error": "not_found"}, 404)

            def do_POST(self):  # noqa: N802
                import base64

                if urllib.parse.urlparse(self.path).path != "/token":
                    return self._json({"error": "not_found"}, 404)
                form = dict(urllib.parse.parse_qsl(self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()))
                cid, secret = form.get("client_id"), form.get("client_secret")
                auth = self.headers.get("Authorization", "")
                if auth.startswith("Basic "):
                    cid, _, secret = base64.b64decode(auth[6:]).decode().partition(":")
                    cid, secret = urllib.parse.unquote(cid), urllib.parse.unquote(secret)
                provider.token_requests.append(form)
                grant = provider.codes.pop(form.get("code", ""), None)
                if (cid, secret) != (provider.client_id, provider.client_secret):
                    return self._json({"error": "invalid_client"}, 401)
                if grant is None or grant["redirect_uri"] != form.get("redirect_uri"):
                    return self._json({"error": "invalid_grant"}, 400)
                claims = {**grant["user"], **({"nonce": grant["nonce"]} if grant["nonce"] else {})}
                return self._json({"access_token": secrets.token_urlsafe(16), "token_type": "Bearer",
                                   "expires_in": 600, "id_token": provider.id_token(claims)})

        return Handler
