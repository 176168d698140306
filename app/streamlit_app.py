"""Annual Report Analyst - Streamlit entry point (`ara serve`)."""
import streamlit as st

st.set_page_config(page_title="Annual Report Analyst", page_icon=":material/query_stats:", layout="wide",
                   initial_sidebar_state=440)   # wide enough for the decision panels' page, score and reason

# The sidebar's decision panels need room for page, score and reason (a fixed style, no user text in it).
st.html("<style>section[data-testid='stSidebar'] { width: 440px !important; min-width: 440px !important; }</style>")

from app.components.signin import principal, sign_in_page, who_line  # noqa: E402

# Who this is, before any page runs; pages read it via current_principal(). Nobody signed in yet: the navigation
# holds the sign-in page alone. The pages live in app/views/, not app/pages/: Streamlit auto-discovers a pages/
# folder beside the entry script as pages of their own, so this navigation is the only way to reach one (and each
# page still resolves the visitor itself, by the same rules, before it reads anything).
st.session_state.pop("principal", None)
me = principal()
if me is None:
    st.navigation([st.Page(sign_in_page, title="Sign in", icon=":material/login:")], position="hidden").run()
    st.stop()
st.session_state["principal"] = me
who_line(me)

pages = [st.Page("views/chat.py", title="Chat", icon=":material/chat:", default=True),
         st.Page("views/trace.py", title="Trace", icon=":material/timeline:")]
if me.can("evaluation.read"):
    pages.append(st.Page("views/dashboard.py", title="Evaluation", icon=":material/monitoring:"))
pages.append(st.Page("views/corpus.py", title="Corpus", icon=":material/library_books:"))
nav = st.navigation(pages)
try:
    nav.run()
except Exception as e:  # noqa: BLE001 - a database gone mid-session, a full disk...: cause and fix, not a traceback
    from app.components.problems import show_problem
    from pipeline.settings import get_settings

    show_problem(e, get_settings())
