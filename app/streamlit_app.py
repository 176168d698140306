"""Annual Report Analyst - Streamlit entry point (`ara serve`)."""
import streamlit as st

st.set_page_config(page_title="Annual Report Analyst", page_icon=":material/query_stats:", layout="wide",
                   initial_sidebar_state=440)   # wide enough for the decision panels' page, score and reason

# The sidebar's decision panels need room for page, score and reason (a fixed style, no user text in it).
st.html("<style>section[data-testid='stSidebar'] { width: 440px !important; min-width: 440px !important; }</style>")

from app.components.signin import principal, sign_in_page, who_line  # noqa: E402

# Who this is, before any page runs; pages read it via current_principal(). Nobody signed in yet: the navigation
# holds the sign-in page alone. (A page's own URL can still run its file directly, as Streamlit does for a pages/
# folder: current_principal() then applies the same rules there, before the page reads anything.)
st.session_state.pop("principal", None)
me = principal()
if me is None:
    st.navigation([st.Page(sign_in_page, title="Sign in", icon=":material/login:")], position="hidden").run()
    st.stop()
st.session_state["principal"] = me
who_line(me)

pages = [st.Page("pages/chat.py", title="Chat", icon=":material/chat:", default=True),
         st.Page("pages/trace.py", title="Trace", icon=":material/timeline:")]
if me.can("evaluation.read"):
    pages.append(st.Page("pages/dashboard.py", title="Evaluation", icon=":material/monitoring:"))
pages.append(st.Page("pages/corpus.py", title="Corpus", icon=":material/library_books:"))
nav = st.navigation(pages)
try:
    nav.run()
except Exception as e:  # noqa: BLE001 - a database gone mid-session, a full disk...: cause and fix, not a traceback
    from app.components.problems import show_problem
    from pipeline.settings import get_settings

    show_problem(e, get_settings())
