"""The official Python SDK client (default mode, 2026-07-28) against two
processes of examples/conformance_server.rs that share nothing but
REQUEST_STATE_KEY, as behind a load balancer.

    python_two_servers.py URL_A URL_B

Drives the rounds of one `test_two_questions` call by hand and sends each
retry to the other process: the first answer, sealed in `requestState` by
one process, is opened by the other. A tampered state is refused. A
rejected answer is asked again under the same key (the reason in the
message, the mended answer pre-filled, the attempt count in requestState),
wherever the retry lands: a wrong answer then the right one goes on to the
next question; three wrong answers end with isError, and the same wrong
answer twice ends it naming the client problem. Exits
non-zero on the first failure.
"""

import asyncio
import sys

import mcp_types as types
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError


def check(condition, what):
    if not condition:
        raise AssertionError(what)


async def never(context, params):
    """Declares the elicitation capability; the rounds are driven by hand."""
    raise AssertionError(f"unexpected elicitation: {params}")


async def main(url_a, url_b):
    async with Client(url_a, elicitation_callback=never) as a, Client(url_b, elicitation_callback=never) as b:
        for client in (a, b):
            check(client.session.protocol_version == "2026-07-28", "not 2026-07-28")

        first = await a.session.call_tool("test_two_questions", {}, allow_input_required=True)
        check(isinstance(first, types.InputRequiredResult), f"round 1 on A: {first}")
        check(list(first.input_requests) == ["triage"], f"round 1 on A: {first.input_requests}")

        second = await b.session.call_tool(
            "test_two_questions",
            {},
            input_responses={"triage": types.ElicitResult(action="accept", content={"severity": "high"})},
            request_state=first.request_state,
            allow_input_required=True,
        )
        check(isinstance(second, types.InputRequiredResult), f"round 2 on B: {second}")
        check(list(second.input_requests) == ["impact"], f"round 2 on B: {second.input_requests}")
        check(second.request_state is not None, "round 2 on B: no requestState")

        impact = {"impact": types.ElicitResult(action="accept", content={"services": ["checkout"]})}
        third = await a.session.call_tool(
            "test_two_questions", {}, input_responses=impact, request_state=second.request_state
        )
        expected = ('Elicitation completed: action=accept, content={"severity":"high"}; '
                    'Elicitation completed: action=accept, content={"services":["checkout"]}')
        check(third.content[0].text == expected, f"round 3 on A: {third.content[0].text!r}")
        print("  round 1 on A, round 2 on B, round 3 on A: ok")

        state = second.request_state
        tampered = state[:-2] + ("AA" if state[-2:] != "AA" else "BB")
        try:
            await a.session.call_tool("test_two_questions", {}, input_responses=impact, request_state=tampered)
            raise AssertionError("a tampered requestState was accepted")
        except MCPError as error:
            check(error.error.code == -32602, f"tampered: {error.error}")
            check(error.error.message.startswith("requestState was not issued by this server"), f"{error.error}")
        print("  tampered requestState refused: ok")

        # A rejected answer, on the other process: the same question again
        # under the same key, the reason in the message, the title sent
        # mended into the option's value as the default, a requestState that
        # carries the attempt; the right answer, back on A, goes on.
        first = await a.session.call_tool("test_two_questions", {}, allow_input_required=True)
        title = {"triage": types.ElicitResult(action="accept", content={"severity": "High: users are affected"})}
        again = await b.session.call_tool(
            "test_two_questions", {}, input_responses=title, request_state=first.request_state,
            allow_input_required=True,
        )
        check(isinstance(again, types.InputRequiredResult), f"a title instead of a value, on B: {again}")
        check(list(again.input_requests) == ["triage"], f"asked again on B: {again.input_requests}")
        check(again.request_state is not None, "asked again on B: no requestState (the attempt count)")
        request = again.input_requests["triage"].params.model_dump(by_alias=True, mode="json", exclude_none=True)
        reasked = "How bad is it?\n\nSeverity: please choose \u201cHigh: users are affected\u201d again from the list."
        check(request["message"] == reasked, f"asked again on B: message {request['message']!r}")
        severity = request["requestedSchema"]["properties"]["severity"]
        check(severity.get("default") == "high", f"asked again on B: severity {severity}")
        right = {"triage": types.ElicitResult(action="accept", content={"severity": "high"})}
        then = await a.session.call_tool(
            "test_two_questions", {}, input_responses=right, request_state=again.request_state,
            allow_input_required=True,
        )
        check(isinstance(then, types.InputRequiredResult) and list(then.input_requests) == ["impact"],
              f"the right answer on A: {then}")
        done = await b.session.call_tool(
            "test_two_questions", {}, input_responses=impact, request_state=then.request_state
        )
        check(done.content[0].text == expected, f"round 4 on B: {done.content[0].text!r}")
        print("  a wrong answer on B, asked again; the right one on A, the last on B: ok")

        # Three wrong answers, on B, A and B, never the same twice in a row:
        # asked again twice, then isError.
        critical = {"triage": types.ElicitResult(action="accept", content={"severity": "critical"})}
        state = (await a.session.call_tool("test_two_questions", {}, allow_input_required=True)).request_state
        for attempt, (client, answer) in enumerate(((b, title), (a, critical), (b, title)), start=1):
            result = await client.session.call_tool(
                "test_two_questions", {}, input_responses=answer, request_state=state, allow_input_required=True
            )
            if attempt < 3:
                check(isinstance(result, types.InputRequiredResult) and list(result.input_requests) == ["triage"],
                      f"wrong answer {attempt}: {result}")
                message = result.input_requests["triage"].params.message
                expected_start = reasked if attempt == 1 else "How bad is it?\n\nSeverity: \u201ccritical\u201d"
                check(message.startswith(expected_start), f"wrong answer {attempt}: message {message!r}")
                state = result.request_state
            else:
                check(not isinstance(result, types.InputRequiredResult), f"wrong answer 3: asked again: {result}")
                check(result.is_error, f"wrong answer 3: not rejected: {result.content[0].text}")
                errors = result.structured_content["errors"]
                check([(e["field"], e["value"]) for e in errors] == [("severity", "High: users are affected")],
                      f"wrong answer 3: {errors}")
                check(result.content[0].text.startswith("the client's answer was rejected: field `severity`"),
                      f"wrong answer 3: {result.content[0].text!r}")
        print("  three wrong answers, across both processes: asked again twice, then rejected: ok")

        # The same refused answer twice, on B then A: a client that answers
        # without showing the form; the call ends naming the problem. (Not a
        # title sent instead of a value: that client showed the form.)
        state = (await a.session.call_tool("test_two_questions", {}, allow_input_required=True)).request_state
        result = await b.session.call_tool(
            "test_two_questions", {}, input_responses=critical, request_state=state, allow_input_required=True
        )
        check(isinstance(result, types.InputRequiredResult), f"the same answer, 1st: {result}")
        result = await a.session.call_tool(
            "test_two_questions", {}, input_responses=critical, request_state=result.request_state,
            allow_input_required=True,
        )
        check(not isinstance(result, types.InputRequiredResult) and result.is_error, f"the same answer, 2nd: {result}")
        check(result.content[0].text.startswith(
            "This client cannot show the person a form (it sent the same refused answer twice"),
            f"the same answer, 2nd: {result.content[0].text!r}")
        check([entry["key"] for entry in result.structured_content["unasked"]] == ["triage"],
              f"the same answer, 2nd: {result.structured_content}")
        print("  the same wrong answer twice, across both processes: the client named: ok")

if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1], sys.argv[2]))
    except AssertionError as error:
        print(f"FAILED: {error}")
        sys.exit(1)
    print("python client, two server processes: every check passed")
