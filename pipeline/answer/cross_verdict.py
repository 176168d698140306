"""The verdict over several companies' figures written by a model, kept only where it agrees with the figures."""

from __future__ import annotations

from pipeline import prompts
from pipeline.state import StepRecord, TurnState
from pipeline.answer.kinds_model import KindCheckFailed, Model, NUMBER, bare_digits, flat_text


# "Which of A, B and C had the highest ...?"
# Each company's figure is read and checked by the offline figure path; the model is asked only for the verdict,
# and the verdict must agree with the figures: where they are one measure, year and currency, the company the
# figures rank first; where they are not, no verdict (the offline text says why). Its reason may only use the
# listed figures.
def cross_verdict(state: TurnState, question: str, results: list[dict], currencies: dict[str, str],
                  offline: str, model: Model) -> str:
    """The verdict sentence: the offline one (`offline`, from the figures) unless the model's passes its check,
    then the model's reason before it."""
    from pipeline.guardrails.policy import run_layer
    from pipeline.providers.llm import calls_made, chat, parse_json_object

    if not offline or len(results) < 2 or (" are equal " in offline):
        return offline
    comparable = not offline.startswith("No verdict")
    top = offline.split("'s ", 1)[0] if comparable else None
    if comparable and top not in {r["company"] for r in results}:
        return offline
    if model.calls_per_turn - calls_made() < 2:
        state.steps.append(StepRecord(node="kinds_model", decision="skipped: call budget spent",
                                      reason=f"{calls_made()} of {model.calls_per_turn} model calls made"))
        return offline
    listed = "\n".join(f"[{i}] {r['company']} · FY{r['year']}: {r['value']} {r['unit']} "
                       f"{currencies.get(r['company']) or 'currency not stated'} ({r['metric']})"
                       for i, r in enumerate(results, 1))
    years = {str(r["year"]) for r in results}
    figures = {bare_digits(str(r["value"])) for r in results} | years
    owners: dict[str, set[str]] = {}
    for r in results:
        owners.setdefault(bare_digits(str(r["value"])), set()).add(r["company"])
    got: dict = {}

    def run(s: TurnState) -> StepRecord:
        reply = chat(model.llm, [("system", prompts.CROSS_SYSTEM),
                                 ("user", prompts.CROSS_ANSWER.format(question=question, figures=listed))], "kinds")
        obj = parse_json_object(reply.text, {"answer": str})
        if not reply.finished:
            raise KindCheckFailed("the reply was cut off")
        said = obj["answer"].strip()
        reason = flat_text(str(obj.get("reason") or ""))
        if not comparable and said.lower() != "no_verdict":
            raise KindCheckFailed(f"a verdict ({said}) over figures that are not comparable")
        if comparable and said != top:
            raise KindCheckFailed(f"the verdict {said or '(none)'} disagrees with the figures ({top} ranks first)")
        for m in NUMBER.finditer(reason):
            x = m.group(0)
            if bare_digits(x) not in figures:
                raise KindCheckFailed(f"the number {x} in the model's reason is not one of the figures")
            if bare_digits(x) in years:
                continue
            # each figure is said of its own company: the company named last before it is the one it belongs to
            before = [(reason.lower().rfind(c.lower(), 0, m.start()), c) for c in owners.get(bare_digits(x), set()) |
                      {r["company"] for r in results}]
            nearest = max(((at, c) for at, c in before if at >= 0), default=(-1, None))[1]
            if nearest not in owners.get(bare_digits(x), set()):
                raise KindCheckFailed(f"the figure {x} is said of {nearest or 'no company'}, not its own company")
        got["reason"] = reason
        return StepRecord(node="kinds_model", decision="model verdict (cross)",
                          reason=f"{said} agrees with the figures", data={"reply": reply.text[:600]})

    run_layer(state, "kinds_model", run, sink=model.sink, node="kinds_model")
    if "reason" not in got:
        state.answered_by = "extractive (model answer rejected)"
        return offline
    state.answered_by = "model"
    return f"{got['reason'].rstrip('.')}. {offline}" if got["reason"] else offline
