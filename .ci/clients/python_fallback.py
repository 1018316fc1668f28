"""The official Python SDK client (`mcp`, pinned by .ci/clients.sh) against
the guide's server, examples/rmcp_server.rs, whose `refund` tool takes the
arguments `order` and `amount`, asks one enum (`reason`) that its argument
`reason` may also answer, then a confirmation only a person may answer.

    python_fallback.py URL MODE      # MODE: auto (2026-07-28) or legacy (2025-11-25)

- A client without an elicitation callback (no elicitation capability):
  the call ends with the result for the model (isError), which names the
  argument and its options; the same client calls again with the argument,
  and the call ends at the confirmation, which only a person can answer. A
  refused argument says "the argument `reason`"; arguments of the wrong
  shape say which.
- A client with elicitation: a call with the argument asks only the
  confirmation; a call without it asks the person both; a refused argument
  asks the person with the reason.

Exits non-zero on the first failure.
"""

import asyncio
import sys

import mcp_types as types
from mcp.client.client import Client

ARGUMENTS = {"order": "A-1", "amount": 42.5}

UNASKED = (
    "This client cannot show the person a form (it did not declare form elicitation), so these "
    "questions were not asked:\n\n"
    "- \"Why is the order refunded?\"\n"
    "  Ask the person, then call the tool `refund` again with the argument `reason`: \"Reason\", "
    "one of \"late\" (Arrived late), \"damaged\" (Arrived damaged), \"not_as_described\" "
    "(Not as described), \"changed_mind\" (Changed their mind) (Why is the order refunded?)\n\n"
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
        result = await model_only.call_tool("refund", ARGUMENTS)
        text = result.content[0].text
        check(result.is_error, f"no elicitation: not an error result: {text}")
        check(text == UNASKED, f"no elicitation: {text!r}")
        unasked = result.structured_content["unasked"]
        check([(entry["key"], entry["argument"]) for entry in unasked] == [("reason", "reason")],
              f"no elicitation: {unasked}")
        options = unasked[0]["requestedSchema"]["properties"]["reason"]["oneOf"]
        check([option["const"] for option in options] == ["late", "damaged", "not_as_described", "changed_mind"],
              f"no elicitation: {options}")
        print(f"  {mode}: a client without elicitation gets the result for the model: ok")

        # The model asked in the chat, and calls again with the argument:
        # the confirmation is a person's.
        result = await model_only.call_tool("refund", {**ARGUMENTS, "reason": "late"})
        text = result.content[0].text
        check(result.is_error and "- \"Refund \u20ac42.50 for order A-1 (Arrived late)?\": only a person "
              "can answer this" in text, f"the argument: {text!r}")
        # A refused argument says why, and the model can try again.
        result = await model_only.call_tool("refund", {**ARGUMENTS, "reason": "urgent"})
        text = result.content[0].text
        check(result.is_error and "The argument `reason` was refused: invalid value \"urgent\": expected "
              "one of \"late\", \"damaged\", \"not_as_described\", \"changed_mind\"." in text,
              f"a refused argument: {text!r}")
        # Arguments of the wrong shape: the result says which.
        result = await model_only.call_tool("refund", {"order": "A-1"})
        text = result.content[0].text
        check(result.is_error and text == "invalid arguments for tool \"refund\": the argument `amount` is required, and missing",
              f"wrong arguments: {text!r}")
        print(f"  {mode}: the retry with the argument is typed; a refused one says why: ok")

    person = Person([])
    async with Client(url, mode=mode, elicitation_callback=person) as client:
        # The model knew: only the confirmation.
        person.answers = [{"action": "accept", "content": {"confirm": "yes"}}]
        result = await client.call_tool("refund", {**ARGUMENTS, "reason": "late"})
        check(result.content[0].text == "refunded \u20ac42.50 for order A-1: late",
              f"with the argument: {result.content[0].text!r}")
        check(person.messages == ["Refund \u20ac42.50 for order A-1 (Arrived late)?"],
              f"with the argument, asked: {person.messages}")
        # The model did not: the person is asked.
        person.messages = []
        person.answers = [{"action": "accept", "content": {"reason": "damaged"}},
                          {"action": "accept", "content": {"confirm": "yes"}}]
        result = await client.call_tool("refund", ARGUMENTS)
        check(result.content[0].text == "refunded \u20ac42.50 for order A-1: damaged",
              f"without the argument: {result.content[0].text!r}")
        check(person.messages == ["Why is the order refunded?",
                                  "Refund \u20ac42.50 for order A-1 (Arrived damaged)?"],
              f"without the argument: {person.messages}")
        # The model was wrong: the person is asked, with the reason.
        person.messages = []
        person.answers = [{"action": "accept", "content": {"reason": "late"}},
                          {"action": "decline"}]
        result = await client.call_tool("refund", {**ARGUMENTS, "reason": "urgent"})
        check(result.content[0].text == "not refunded", f"a refused argument: {result.content[0].text!r}")
        check(len(person.messages) == 2 and person.messages[0].startswith(
              "Why is the order refunded?\n\nA suggested answer could not be used:\n"
              "Reason: \u201curgent\u201d is not one of the choices"),
              f"a refused argument: {person.messages}")
        print(f"  {mode}: with elicitation, asked only what the arguments lacked: ok")


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1], sys.argv[2]))
    except AssertionError as error:
        print(f"FAILED: {error}")
        sys.exit(1)
    print("python client, arguments and fallback: every check passed")
