"""Annual Report Analyst - Streamlit entry point (`ara serve`)."""
import streamlit as st

st.set_page_config(page_title="Annual Report Analyst", page_icon=":material/query_stats:", layout="wide",
                   initial_sidebar_state=440)   # wide enough for the decision panels' page, score and reason

nav = st.navigation([
    st.Page("pages/chat.py", title="Chat", icon=":material/chat:", default=True),
    st.Page("pages/trace.py", title="Trace", icon=":material/timeline:"),
    st.Page("pages/dashboard.py", title="Evaluation", icon=":material/monitoring:"),
    st.Page("pages/corpus.py", title="Corpus", icon=":material/library_books:"),
])
nav.run()
