"""Annual Report Analyst - Streamlit entry point (`ara serve`)."""
import streamlit as st

st.set_page_config(page_title="Annual Report Analyst", page_icon=":material/query_stats:", layout="wide",
                   initial_sidebar_state=440)   # wide enough for the decision panels' page, score and reason

# The sidebar's decision panels need room for page, score and reason (a fixed style, no user text in it).
st.html("<style>section[data-testid='stSidebar'] { width: 440px !important; min-width: 440px !important; }</style>")

nav = st.navigation([
    st.Page("pages/chat.py", title="Chat", icon=":material/chat:", default=True),
    st.Page("pages/trace.py", title="Trace", icon=":material/timeline:"),
    st.Page("pages/dashboard.py", title="Evaluation", icon=":material/monitoring:"),
    st.Page("pages/corpus.py", title="Corpus", icon=":material/library_books:"),
])
try:
    nav.run()
except Exception as e:  # noqa: BLE001 - a database gone mid-session, a full disk...: cause and fix, not a traceback
    from app.components.problems import show_problem
    from pipeline.settings import get_settings

    show_problem(e, get_settings())
