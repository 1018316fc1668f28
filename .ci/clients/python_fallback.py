"""The official Python SDK client (`mcp`, pinned by .ci/clients.sh) against
the README's server, examples/rmcp_server.rs, whose `triage` tool asks one
question that its argument `triage` may also answer.

    python_fallback.py URL MODE      # MODE: auto (2026-07-28) or legacy (2025-11-25)

- A client without an elicitation callback (no elicitation capability):
  the call ends with the result for the model (isError), which names the
  argument, its field and options; the same client calls again with the
  argument and gets the typed result.
- A client with elicitation: a call with the argument is answered without
  asking; a call without it asks the person; a refused argument asks the
  person with the reason.

Exits non-zero on the first failure.
"""

import asyncio
import sys

import mcp_types as types
from mcp.client.client import Client

UNASKED = (
    "This client cannot show the person a form (it did not declare form elicitation), so these "
    "questions were not asked:\n\n"
    "- \"Triage the incident\"\n"
    "  Ask the person, then call the tool `triage` again with the argument `triage`: an object\n"
    "  - `severity` (required): \"Severity\", one of \"low\" (Low: no user impact), "
    "\"high\" (High: users are affected) (How bad is it?)\n\n"
    "Send each answer exactly as its value is written here."
)


def check(condition, what):
    if not condition:
        raise AssertionError(what)


class Person:
    """The elicitation callback: answers with the next scripted result and
    keeps every message it was shown."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.messages = []

    async def __call__(self, context, params):
        self.messages.append(params.message)
        return types.ElicitResult.model_validate(self.answers.pop(0))


async def main(url, mode):
    expected_version = {"auto": "2026-07-28", "legacy": "2025-11-25"}[mode]

    async with Client(url, mode=mode) as model_only:
        version = model_only.session.protocol_version
        check(version == expected_version, f"negotiated {version}, expected {expected_version}")
        result = await model_only.call_tool("triage", {})
        text = result.content[0].text
        check(result.is_error, f"no elicitation: not an error result: {text}")
        check(text == UNASKED, f"no elicitation: {text!r}")
        unasked = result.structured_content["unasked"]
        check([(entry["key"], entry["argument"]) for entry in unasked] == [("triage", "triage")],
              f"no elicitation: {unasked}")
        options = unasked[0]["requestedSchema"]["properties"]["severity"]["oneOf"]
        check([option["const"] for option in options] == ["low", "high"], f"no elicitation: {options}")
        print(f"  {mode}: a client without elicitation gets the result for the model: ok")

        # The model asked in the chat, and calls again with the argument.
        result = await model_only.call_tool("triage", {"triage": {"severity": "high"}})
        check(not result.is_error and result.content[0].text == "triaged: High",
              f"the argument: {result.content[0].text!r}")
        # A refused argument says why, and the model can try again.
        result = await model_only.call_tool("triage", {"triage": {"severity": "urgent"}})
        text = result.content[0].text
        check(result.is_error and "The argument `triage` was refused: field `severity`: invalid value "
              "\"urgent\": expected one of \"low\", \"high\"." in text, f"a refused argument: {text!r}")
        print(f"  {mode}: the retry with the argument is typed; a refused one says why: ok")

    person = Person([])
    async with Client(url, mode=mode, elicitation_callback=person) as client:
        # The model knew: no question.
        result = await client.call_tool("triage", {"triage": {"severity": "low"}})
        check(result.content[0].text == "triaged: Low", f"with the argument: {result.content[0].text!r}")
        check(person.messages == [], f"with the argument, asked: {person.messages}")
        # The model did not: the person is asked.
        person.answers = [{"action": "accept", "content": {"severity": "high"}}]
        result = await client.call_tool("triage", {})
        check(result.content[0].text == "triaged: High", f"without the argument: {result.content[0].text!r}")
        check(person.messages == ["Triage the incident"], f"without the argument: {person.messages}")
        # The model was wrong: the person is asked, with the reason.
        person.messages = []
        person.answers = [{"action": "accept", "content": {"severity": "low"}}]
        result = await client.call_tool("triage", {"triage": {"severity": "urgent"}})
        check(result.content[0].text == "triaged: Low", f"a refused argument: {result.content[0].text!r}")
        check(len(person.messages) == 1 and person.messages[0].startswith("Triage the incident\n\nSeverity: "
              "\u201curgent\u201d is not one of the choices"), f"a refused argument: {person.messages}")
        print(f"  {mode}: with elicitation, asked only what the arguments lacked: ok")


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1], sys.argv[2]))
    except AssertionError as error:
        print(f"FAILED: {error}")
        sys.exit(1)
    print("python client, arguments and fallback: every check passed")
