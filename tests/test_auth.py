"""Sign-in and roles below the app: password users and sessions, the roles' permissions, and the pipeline functions
that enforce them (an analyst asking for another analyst's thread gets nothing; only admins edit companies)."""
import pytest
from click.testing import CliRunner

from pipeline.signin import auth

from pipeline.memory import conversations
from pipeline.core.access import LOCAL, OPERATOR, AccessDenied, Principal, require
from pipeline.stores import checkpoints
from pipeline.stores import companies as company_store
from pipeline.stores import db


def test_roles_are_ordered_and_each_permission_names_its_lowest_role():
    analyst, reviewer, admin = (Principal("u", r) for r in ("analyst", "reviewer", "admin"))
    assert [p.can("trace.all") for p in (analyst, reviewer, admin)] == [False, True, True]
    assert [p.can("corpus.write") for p in (analyst, reviewer, admin)] == [False, False, True]
    assert all(p.can("conversation.own") for p in (analyst, reviewer, admin))
    with pytest.raises(AccessDenied, match="admin"):
        require(reviewer, "corpus.write")
    with pytest.raises(AccessDenied, match="nobody signed in"):
        require(None, "conversation.own")
    with pytest.raises(ValueError):
        Principal("u", "superuser")
    assert LOCAL.can("corpus.write") and OPERATOR.can("users.manage")


def test_a_browser_token_gives_a_stable_id_that_does_not_reveal_it():
    token = auth.new_browser_token()
    p = auth.browser_principal(token)
    assert p == auth.browser_principal(token) and p.role == "analyst"
    assert token not in p.user_id and p.user_id != auth.browser_principal(auth.new_browser_token()).user_id


@pytest.fixture
def users_conn(settings):
    c = db.connect(settings)
    db.migrate(c)
    c.commit()
    yield c
    c.rollback()
    for name in ("alice", "bob@example.com", "rita", "root2"):
        c.execute("DELETE FROM app_users WHERE username = %s", (name,))
    c.commit()
    c.close()


def test_password_users_sign_in_and_sessions_end(users_conn, settings):
    c = users_conn
    auth.add_user(c, "Alice", "analyst", "correct horse battery", by=OPERATOR)
    stored = c.execute("SELECT password_hash FROM app_users WHERE username = 'alice'").fetchone()[0]
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    with pytest.raises(auth.UserError, match="exists"):
        auth.add_user(c, "alice", "admin", "another password", by=OPERATOR)
    with pytest.raises(auth.UserError, match="8 characters"):
        auth.add_user(c, "bob@example.com", "analyst", "short", by=OPERATOR)
    with pytest.raises(AccessDenied):
        auth.add_user(c, "rita", "admin", "a long password", by=Principal("user:alice", "analyst"))

    assert auth.sign_in(c, "alice", "wrong password!", settings) is None
    assert auth.sign_in(c, "nobody", "correct horse battery", settings) is None
    assert auth.sign_in(c, "../etc'; --", "correct horse battery", settings) is None
    p, token = auth.sign_in(c, " ALICE ", "correct horse battery", settings)
    assert p == Principal("user:alice", "analyst", "password")
    assert token not in str(c.execute("SELECT array_agg(token_sha256) FROM app_sessions").fetchone()[0])
    assert auth.resume(c, token) == p
    assert auth.resume(c, token + "x") is None and auth.resume(c, None) is None

    auth.set_role(c, "alice", "reviewer", by=OPERATOR)           # a role change applies to the open session
    assert auth.resume(c, token).role == "reviewer"
    auth.sign_out(c, token)
    assert auth.resume(c, token) is None

    _, token = auth.sign_in(c, "alice", "correct horse battery", settings)
    auth.set_password(c, "alice", "a new long password", by=OPERATOR)   # a new password ends every session
    assert auth.resume(c, token) is None
    _, token = auth.sign_in(c, "alice", "a new long password", settings)
    auth.remove_user(c, "alice", by=OPERATOR)                     # removal ends it too
    assert auth.resume(c, token) is None
    with pytest.raises(auth.UserError, match="no user"):
        auth.set_role(c, "alice", "admin", by=OPERATOR)


def test_identity_provider_users_get_their_listed_role_or_the_default(users_conn, settings):
    c = users_conn
    auth.add_user(c, "bob@example.com", "admin", None, by=OPERATOR)
    assert auth.identity_provider_user(c, "Bob@Example.com", settings) == Principal("user:bob@example.com", "admin",
                                                                                     "oidc")
    assert auth.identity_provider_user(c, "carol@example.com", settings).role == "analyst"
    refusing = settings.model_copy(update={"auth_oidc_default_role": "refuse"})
    assert auth.identity_provider_user(c, "carol@example.com", refusing) is None
    assert auth.identity_provider_user(c, None, settings) is None
    # a user without a password cannot sign in with the password form, whatever is typed
    assert auth.sign_in(c, "bob@example.com", "", settings) is None


def _admins(c) -> set[str]:
    return {r["username"] for r in auth.list_users(c, by=OPERATOR) if r["role"] == "admin"}


def test_the_last_admin_can_be_neither_removed_nor_demoted(users_conn):
    c = users_conn
    c.execute("DELETE FROM app_users WHERE role = 'admin'")       # this test's own users only
    c.commit()
    auth.add_user(c, "rita", "admin", None, by=OPERATOR)
    auth.add_user(c, "alice", "analyst", None, by=OPERATOR)
    for change in (lambda: auth.remove_user(c, "rita", by=OPERATOR),
                   lambda: auth.set_role(c, "RITA", "reviewer", by=OPERATOR),
                   lambda: auth.set_role(c, "rita", "analyst", by=Principal("user:rita", "admin", "password"))):
        with pytest.raises(auth.UserError, match="rita is the last admin .* nothing changed"):
            change()
        assert _admins(c) == {"rita"}
    auth.set_role(c, "rita", "admin", by=OPERATOR)               # staying admin is no demotion
    auth.remove_user(c, "alice", by=OPERATOR)                    # other users come and go as before
    auth.add_user(c, "root2", "admin", None, by=OPERATOR)
    auth.set_role(c, "rita", "reviewer", by=OPERATOR)            # with a second admin, the first may step down
    assert _admins(c) == {"root2"}
    with pytest.raises(auth.UserError, match="last admin"):
        auth.remove_user(c, "root2", by=OPERATOR)


def test_password_sign_in_is_limited_per_user_name_across_processes(users_conn, settings):
    c = users_conn
    auth.add_user(c, "alice", "analyst", "correct horse battery", by=OPERATOR)
    limited = settings.model_copy(update={"auth_max_failures": 3, "auth_failure_window_minutes": 10})
    for _ in range(3):
        assert auth.sign_in(c, "alice", "wrong password!", limited) is None
    with pytest.raises(auth.SignInLimited, match=r"Too many failed sign-ins for 'alice': 3 in the last 10 minutes\. "
                                                 r"Try again in 10 minutes"):
        auth.sign_in(c, "Alice", "correct horse battery", limited)     # the right password too, while limited
    other = db.connect(settings)                                        # another app process: the same count
    try:
        with pytest.raises(auth.SignInLimited):
            auth.sign_in(other, "alice", "correct horse battery", limited)
    finally:
        other.close()
    assert c.execute("SELECT count(*) FROM app_sessions WHERE username = 'alice'").fetchone()[0] == 0
    # once the failures are older than the window, the right password works and clears the count
    c.execute("UPDATE sign_in_failures SET failed_at = failed_at - interval '11 minutes' WHERE username = 'alice'")
    c.commit()
    assert auth.sign_in(c, "alice", "correct horse battery", limited) is not None
    assert auth.sign_in(c, "alice", "wrong password!", limited) is None
    assert auth.sign_in(c, "alice", "correct horse battery", limited) is not None   # 1 failure < 3
    # a name nobody has is limited the same way (which names exist is not told); a new password lifts a limit
    for _ in range(3):
        auth.sign_in(c, "mallory", "guess number one", limited)
        auth.sign_in(c, "alice", "guess number one", limited)
    with pytest.raises(auth.SignInLimited):
        auth.sign_in(c, "mallory", "guess number two", limited)
    auth.set_password(c, "alice", "a new long password", by=OPERATOR)
    assert auth.sign_in(c, "alice", "a new long password", limited) is not None
    assert auth.sign_in(c, "alice", "wrong", settings.model_copy(update={"auth_max_failures": 0})) is None
    c.execute("DELETE FROM sign_in_failures WHERE username IN ('alice', 'mallory')")
    c.commit()


def test_ingest_and_document_deletion_refuse_a_non_admin_whoever_calls_them(settings, tmp_path):
    from ingest.run import ingest_paths
    from pipeline.stores import corpus

    pdf = tmp_path / "never-read.pdf"
    pdf.write_bytes(b"%PDF-1.4 not read: refused before anything is read")
    for role in ("analyst", "reviewer"):
        who = Principal("user:x", role, "password")
        with pytest.raises(AccessDenied, match="admin"):
            ingest_paths([pdf], settings, show_progress=False, by=who)
        with db.session(settings) as c:
            with pytest.raises(AccessDenied, match="admin"):
                corpus.delete_document(c, "any-document", by=who)
    with pytest.raises(TypeError):
        ingest_paths([pdf], settings, show_progress=False)                  # no principal named: no ingest


def _thread(saver, user: str, question: str) -> str:
    tid = checkpoints.new_thread_id()
    saver.ensure_thread(tid, user, question)
    n = saver.start_turn(tid, checkpoints.new_thread_id(), question)
    saver.put(tid, n, 1, "route", {"question": question}, None)
    saver.finish_turn(tid, n, "an answer", {"question": question, "answer": "an answer", "steps": []})
    return tid


def test_an_analyst_gets_nothing_of_another_analysts_thread_and_a_reviewer_reads_only(settings):
    with db.session(settings):
        pass
    saver = checkpoints.CheckpointSaver(lambda: db.connect(settings))
    alice, bob = Principal("user:t-alice", "analyst"), Principal("user:t-bob", "analyst")
    rita = Principal("user:t-rita", "reviewer")
    a = _thread(saver, alice.user_id, "alice's question")
    b = _thread(saver, bob.user_id, "bob's question")

    assert conversations.history(saver, alice, a) and conversations.turns(saver, alice, a)
    assert conversations.history(saver, bob, a) == [] and conversations.turns(saver, bob, a) == []
    assert conversations.turn_steps(saver, bob, a, 1) == []
    assert [t["thread_id"] for t in conversations.readable_threads(saver, bob)] == [b]
    assert a not in {t["thread_id"] for t in conversations.own_threads(saver, bob)}

    assert conversations.turns(saver, rita, a) and conversations.turn_steps(saver, rita, a, 1)
    assert {a, b} <= {t["thread_id"] for t in conversations.readable_threads(saver, rita)}
    owners = {t["thread_id"]: t["user_id"] for t in conversations.readable_threads(saver, rita)}
    assert owners[a] == alice.user_id
    assert conversations.history(saver, rita, a) == []          # reviewing is not continuing someone's chat
    with pytest.raises(PermissionError):
        saver.ensure_thread(a, rita.user_id, "a reviewer's turn on alice's thread")
    assert conversations.turns(saver, alice, "no-such-thread") == []


def test_only_admins_edit_or_merge_companies(migrated_conn):
    c = migrated_conn
    company_store.add(c, {"key": "ACMEA", "name": "Acme Anvils", "tickers": ["ACA"]})
    company_store.add(c, {"key": "ACMEB", "name": "Acme Anvils Holdings"})
    for role in ("analyst", "reviewer"):
        with pytest.raises(AccessDenied):
            company_store.edit(c, "Acme Anvils", name="Acme", by=Principal("user:x", role))
        with pytest.raises(AccessDenied):
            company_store.merge(c, "Acme Anvils", "Acme Anvils Holdings", by=Principal("user:x", role))
    assert company_store.get(c, "ACMEA")["name"] == "Acme Anvils" and company_store.get(c, "ACMEB")
    assert company_store.edit(c, "Acme Anvils", name="Acme", by=Principal("user:a", "admin"))["name"] == "Acme"


def test_ara_users_cli(env_settings_nodocs):
    from pipeline.cli.main import main

    run = CliRunner().invoke
    try:
        out = run(main, ["users", "add", "rita", "--role", "reviewer", "--password-stdin"],
                  input="a long password\n")
        assert out.exit_code == 0, out.output
        assert run(main, ["users", "add", "rita", "--no-password"]).exit_code == 1
        out = run(main, ["users", "list", "--json"])
        assert {"username": "rita", "role": "reviewer", "has_password": True} in __import__("json").loads(out.output)
        assert run(main, ["users", "role", "rita", "admin"]).exit_code == 0
        assert "rita" in run(main, ["users"]).output and "admin" in run(main, ["users"]).output
        assert run(main, ["users", "role", "rita", "owner"]).exit_code == 2          # not a role
        for cmd in (["users", "remove", "rita"], ["users", "role", "rita", "analyst"]):   # the last admin stays
            out = run(main, cmd)
            assert out.exit_code == 1 and "last admin" in out.output and "nothing changed" in out.output, out.output
        assert {"username": "rita", "role": "admin", "has_password": True} in \
            __import__("json").loads(run(main, ["users", "list", "--json"]).output)
        assert run(main, ["users", "add", "sam", "--role", "admin", "--no-password"]).exit_code == 0
        assert run(main, ["users", "remove", "rita"]).exit_code == 0                  # another admin holds on
        out = run(main, ["users", "remove", "rita"])
        assert out.exit_code == 1 and "no user" in out.output
    finally:
        from pipeline.settings import get_settings

        with db.session(get_settings()) as c:
            c.execute("DELETE FROM app_users WHERE username IN ('rita', 'sam')")
            c.commit()
