"""The official Python SDK client (`mcp`, pinned by .ci/clients.sh) answering
a form, a sampled message and its roots asked by one `Ask` call of
examples/conformance_server.rs (`test_input_required_result_multiple_inputs`):

    python_inputs.py URL MODE [pmcp]   # MODE: auto (2026-07-28) or legacy (2025-11-25)

On 2026-07-28 the three come in one input_required round, on 2025-11-25 as
three requests inside the call; the client's callbacks answer each, and the
tool's text must name the three typed answers. A client that declares no
sampling (no sampling callback) is not asked to sample: the call of
`test_input_required_result_sampling` ends with the JSON-RPC error -32021
(with `pmcp`: -32603, the message "Protocol error: -32021 - ..": pmcp sends
every error a handler returns as -32603, the code in the text).
Exits non-zero on the first failure.
"""

import asyncio
import sys

import mcp_types as types
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError

EXPECTED = ('Elicitation completed: action=accept, content={"name":"Ada"}; '
            'greeting: Hello from Python!; roots: file:///home/ada/project (Project)')


def check(condition, what):
    if not condition:
        raise AssertionError(what)


async def main(url, mode, sdk):
    seen = []

    async def elicit(context, params):
        seen.append(f"elicitation/create {params.message}")
        return types.ElicitResult(action="accept", content={"name": "Ada"})

    async def sample(context, params):
        seen.append(f"sampling/createMessage maxTokens {params.max_tokens}")
        return types.CreateMessageResult(
            role="assistant",
            content=types.TextContent(type="text", text="Hello from Python!"),
            model="python-test-model",
            stop_reason="endTurn",
        )

    async def roots(context):
        seen.append("roots/list")
        return types.ListRootsResult(roots=[types.Root(uri="file:///home/ada/project", name="Project")])

    async with Client(url, mode=mode, elicitation_callback=elicit, sampling_callback=sample,
                      list_roots_callback=roots) as client:
        version = client.session.protocol_version
        print(f"python mcp client, mode={mode}: protocol {version}")
        result = await client.call_tool("test_input_required_result_multiple_inputs", {})
        text = result.content[0].text
        check(not result.is_error, f"an error result: {text}")
        check(text == EXPECTED, f"{text!r}, expected {EXPECTED!r}")
        check(sorted(seen) == ["elicitation/create What is your name?", "roots/list",
                               "sampling/createMessage maxTokens 50"], f"requests {seen}")
        print(f"  a form, a sampled message and the roots in one call ({len(seen)} requests answered): ok")

    async with Client(url, mode=mode, elicitation_callback=elicit) as client:
        try:
            result = await client.call_tool("test_input_required_result_sampling", {})
        except MCPError as error:
            if sdk == "pmcp":
                check(error.error.code == -32603, f"code {error.error.code}")
                check(error.error.message.startswith("Protocol error: -32021 - the client did not "
                                                     "declare the sampling capability"), error.error.message)
                print("  no sampling capability, not asked to sample: -32603 naming -32021 (pmcp): ok")
            else:
                check(error.error.code == -32021, f"code {error.error.code}")
                check("did not declare the sampling capability" in error.error.message, error.error.message)
                print("  no sampling capability, not asked to sample: -32021: ok")
        else:
            raise AssertionError(f"expected -32021, got {result}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None))
