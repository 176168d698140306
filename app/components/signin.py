"""Who is using this browser (ARA_AUTH), before any page is drawn: the sign-in form or button when needed, the
"signed in as" line and sign-out in the sidebar, and the cookie that keeps the identity across a page reload.

The identity is decided by `pipeline.signin.auth` (password sessions, the identity provider's user, the anonymous
per-browser token); the roles are enforced by the pipeline functions the pages call. This module only draws.

Why a cookie: Streamlit keeps `st.session_state` per websocket connection, so a reload starts from nothing. A
first-party cookie (SameSite=Strict, Secure on https) is sent with the reload's websocket request and read back
through `st.context.cookies`; unlike a token in the URL it is not copied with a shared link, kept in the history
or sent as a Referer. It holds a random token only: a password session's token (the database keeps its sha256,
and the session ends on sign-out, removal or expiry) or an anonymous browser's token.
"""
from __future__ import annotations

import json

import streamlit as st

from app.components.resources import connect, database_ready
from pipeline.signin import auth
from pipeline.core.access import Principal

SESSION_COOKIE = "ara_session"     # a password sign-in's session token
BROWSER_COOKIE = "ara_browser"     # an anonymous browser's token (ARA_AUTH=none, ARA_APP_USERS=per-session)


def _cookie(name: str) -> str | None:
    try:
        value = st.context.cookies.get(name)
    except Exception:  # noqa: BLE001 - no request context (AppTest)
        return None
    return value if value and 20 <= len(value) <= 200 and value.replace("-", "").replace("_", "").isalnum() else None


def _write_cookie(name: str, value: str, max_age_s: int) -> None:
    """Set (or, with max_age 0, clear) a first-party cookie from the browser. The component's frame shares the
    app's origin (srcdoc + allow-same-origin), so its document.cookie is the app's."""
    import streamlit.components.v1 as components

    js = (f"const secure = window.parent.location.protocol === 'https:' ? '; Secure' : '';"
          f"document.cookie = {json.dumps(name)} + '=' + {json.dumps(value)} + "
          f"'; Path=/; Max-Age={int(max_age_s)}; SameSite=Strict' + secure;")
    components.html(f"<script>{js}</script>", height=0)


def _keep_cookie(name: str, value: str, max_age_s: int) -> None:
    if _cookie(name) != value:
        with st.sidebar:
            _write_cookie(name, value, max_age_s)


def _with_conn(fn):
    c = connect()
    try:
        return fn(c)
    finally:
        c.close()


def _sign_out(token: str | None) -> None:
    _with_conn(lambda c: auth.sign_out(c, token))
    for k in ("auth_token", "thread_id", "turns"):
        st.session_state.pop(k, None)
    st.session_state["signed_out"] = True


def _password_form() -> None:
    if st.session_state.pop("signed_out", False):
        _write_cookie(SESSION_COOKIE, "", 0)
        st.info("You are signed out.")
    with st.form("sign_in"):
        st.markdown("**Sign in**")
        name = st.text_input("User name")
        password = st.text_input("Password", type="password")
        if st.form_submit_button("Sign in", type="primary"):
            try:
                got = _with_conn(lambda c: auth.sign_in(c, name, password, database_ready()))
            except auth.SignInLimited as e:
                st.error(str(e), icon=":material/timer:")
                got = False
            if got is None:
                st.error("Wrong user name or password.")
            elif got:
                st.session_state.auth_token = got[1]
                st.session_state.pop("signed_out", None)
                st.rerun()
    st.caption("Ask your administrator for an account (`ara users add NAME --role analyst`).")


def _oidc_secrets_problem() -> str | None:
    need = ("redirect_uri", "cookie_secret", "client_id", "client_secret", "server_metadata_url")
    try:
        section = st.secrets.get("auth") or {}
    except Exception:  # noqa: BLE001 - no secrets file at all
        section = {}
    missing = [k for k in need if not section.get(k)]
    if missing:
        return ("ARA_AUTH=oidc needs an [auth] section in .streamlit/secrets.toml with " + ", ".join(need)
                + f" (missing: {', '.join(missing)}). See the README, 'Sign-in and roles'.")
    return None


def _oidc_principal() -> Principal | None:
    if _oidc_secrets_problem() or not st.user.is_logged_in:
        return None
    return _with_conn(lambda c: auth.identity_provider_user(c, st.user.get("email"), database_ready()))


def _oidc_page() -> None:
    problem = _oidc_secrets_problem()
    if problem:
        st.error(problem, icon=":material/lock:")
    elif not st.user.is_logged_in:
        st.button("Sign in with your organisation's account", type="primary", icon=":material/login:",
                  on_click=st.login)
    else:
        st.error(f"{st.user.get('email') or 'This account'} may not use this deployment; ask an administrator "
                 "to add you (`ara users add EMAIL --no-password`).")
        st.button("Sign out", on_click=st.logout)


def sign_in_page() -> None:
    """What a visitor sees before they are signed in (the only page the navigation offers them)."""
    st.title("Annual Report Analyst")
    if database_ready().auth == "oidc":
        _oidc_page()
    else:
        _password_form()


def principal() -> Principal | None:
    """Who this browser session is; None while nobody is signed in (the entry script then offers sign_in_page)."""
    s = database_ready()
    local = auth.local_principal(s)
    if local is not None:
        return local
    if s.auth == "none":   # per-session: an anonymous analyst per browser, the same one after a reload
        token = st.session_state.get("browser_token") or _cookie(BROWSER_COOKIE) or auth.new_browser_token()
        st.session_state.browser_token = token
        _keep_cookie(BROWSER_COOKIE, token, 400 * 86400)
        return auth.browser_principal(token)
    if s.auth == "oidc":
        return _oidc_principal()
    token = st.session_state.get("auth_token") or (None if st.session_state.get("signed_out")
                                                   else _cookie(SESSION_COOKIE))
    p = _with_conn(lambda c: auth.resume(c, token))   # every run: a removed user or a changed role applies now
    if p is None:
        st.session_state.pop("auth_token", None)
        return None
    st.session_state.auth_token = token
    _keep_cookie(SESSION_COOKIE, token, int(s.auth_session_days * 86400))
    return p


def who_line(p: Principal) -> None:
    """The sidebar's first line: who you are here, and how to leave; without sign-in, that there is none."""
    s = database_ready()
    with st.sidebar:
        if p.how == "local":
            st.caption(":material/lock_open: **No sign-in** (single-user local mode): everyone who opens this page "
                       "is the local user, with every permission. For a team, set ARA_AUTH=password or oidc.")
        elif p.how == "session":
            st.caption(":material/lock_open: **No sign-in**: this browser is its own anonymous analyst "
                       f"({p.user_id[:16]}…), kept across reloads by a cookie. Corpus changes need an admin "
                       "(ARA_AUTH=password or oidc).")
        else:
            name = p.user_id.removeprefix("user:")
            st.caption(f":material/person: Signed in as **{name}** ({p.role})")
            if p.how == "oidc":
                st.button("Sign out", key="sign-out", on_click=st.logout)
            elif s.auth == "password":
                st.button("Sign out", key="sign-out", on_click=_sign_out,
                          args=(st.session_state.get("auth_token"),))
