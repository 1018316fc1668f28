"""The official Python SDK client (default mode, 2026-07-28) against two
processes of examples/conformance_server.rs that share nothing but
REQUEST_STATE_KEY, as behind a load balancer.

    python_two_servers.py URL_A URL_B

Drives the rounds of one `test_two_questions` call by hand and sends each
retry to the other process: the first answer, sealed in `requestState` by
one process, is opened by the other. A tampered state is refused. Exits
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


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1], sys.argv[2]))
    except AssertionError as error:
        print(f"FAILED: {error}")
        sys.exit(1)
    print("python client, two server processes: every check passed")
