"""The official Python SDK client (`mcp`, pinned by .ci/clients.sh) against
examples/conformance_server.rs.

    python_client.py URL MODE      # MODE: auto (2026-07-28) or legacy (2025-11-25)

Answers the server's elicitations with a valid answer, a title instead of a
value, a value not offered, a string for a multi-select, a missing required
field, decline and cancel, and asserts every outcome, the negotiated
revision, the field order of each requestedSchema as it came off the wire
(Python keeps JSON object order) and each field's title. A server that asks
again after a rejected answer (enum_schema::ask: three times in all, the
reason after the message) gets the same wrong answer each time, so the call
ends with the same rejection. Exits non-zero on the first failure.
"""

import asyncio
import json
import sys

import mcp_types as types
from mcp.client.client import Client

SEP1330_FIELDS = ["untitledSingle", "titledSingle", "legacyEnum", "untitledMulti", "titledMulti"]
SEP1330_KEYS = {
    "untitledSingle": ["type", "title", "description", "enum"],
    "titledSingle": ["type", "title", "description", "oneOf"],
    "legacyEnum": ["type", "title", "description", "enum", "enumNames"],
    "untitledMulti": ["type", "title", "description", "items"],
    "titledMulti": ["type", "title", "description", "items"],
}
# The label a person reads for each field (its `title`).
SEP1330_TITLES = {
    "untitledSingle": "Pick one option",
    "titledSingle": "Pick one titled option",
    "legacyEnum": "Pick one option (legacy list)",
    "untitledMulti": "Pick any options",
    "titledMulti": "Pick any titled choices",
}
SEP1034_TITLES = {"name": "Name", "age": "Age", "score": "Score", "status": "Status", "verified": "Verified"}
VALID = {
    "untitledSingle": "option2",
    "titledSingle": "value3",
    "legacyEnum": "opt1",
    "untitledMulti": ["option1", "option3"],
    "titledMulti": ["value2"],
}


def changed(**fields):
    content = dict(VALID)
    for name, value in fields.items():
        if value is None:
            del content[name]
        else:
            content[name] = value
    return content


# name: (ElicitResult, expected text or expected rejection entry)
CASES = [
    ("valid answer", {"action": "accept", "content": VALID},
     'Elicitation completed: action=accept, content={"untitledSingle":"option2","titledSingle":"value3",'
     '"legacyEnum":"opt1","untitledMulti":["option1","option3"],"titledMulti":["value2"]}'),
    ("title instead of value", {"action": "accept", "content": changed(titledSingle="First Option")},
     {"field": "titledSingle", "value": "First Option", "allowed": ["value1", "value2", "value3"]}),
    ("value not offered", {"action": "accept", "content": changed(untitledSingle="option9")},
     {"field": "untitledSingle", "value": "option9", "allowed": ["option1", "option2", "option3"]}),
    ("string for a multi-select", {"action": "accept", "content": changed(untitledMulti="option1")},
     {"field": "untitledMulti", "value": "option1", "type": "array"}),
    ("missing required field", {"action": "accept", "content": changed(legacyEnum=None)},
     {"field": "legacyEnum"}),
    ("decline", {"action": "decline"}, "Elicitation completed: action=decline, content={}"),
    ("cancel", {"action": "cancel"}, "Elicitation completed: action=cancel, content={}"),
]


class Script:
    """The elicitation callback: answers with the next scripted result (with
    `repeat`, the same one however often it is asked) and keeps every
    request it got."""

    def __init__(self):
        self.answers = []
        self.requests = []
        self.repeat = False

    async def __call__(self, context, params):
        self.requests.append(params.model_dump(by_alias=True, mode="json", exclude_none=True))
        answer = self.answers[0] if self.repeat else self.answers.pop(0)
        return types.ElicitResult.model_validate(answer)


def check_asked_again(name, requests):
    """One request, or three: the first and the same question asked twice
    more, its message followed by the reason."""
    check(len(requests) in (1, 3), f"{name}: {len(requests)} elicitations")
    first = requests[0]["message"]
    for again in requests[1:]:
        check(again["message"].startswith(first) and again["message"] != first,
              f"{name}: asked again with {again['message']!r}")


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def check_order(request, fields, keys):
    properties = request["requestedSchema"]["properties"]
    check(list(properties) == fields, f"field order {list(properties)}, expected {fields}")
    for name, expected in keys.items():
        check(list(properties[name]) == expected, f"{name}: key order {list(properties[name])}, expected {expected}")


def check_titles(request, titles):
    properties = request["requestedSchema"]["properties"]
    found = {name: properties[name].get("title") for name in properties}
    check(found == titles, f"field titles {found}, expected {titles}")


async def main(url, mode):
    expected_version = {"auto": "2026-07-28", "legacy": "2025-11-25"}[mode]
    script = Script()
    async with Client(url, mode=mode, elicitation_callback=script) as client:
        version = client.session.protocol_version
        check(version == expected_version, f"negotiated {version}, expected {expected_version}")
        print(f"python mcp client, mode={mode}: protocol {version}")

        for name, answer, expected in CASES:
            script.answers = [answer]
            script.requests = []
            script.repeat = not isinstance(expected, str)
            result = await client.call_tool("test_elicitation_sep1330_enums", {})
            if script.repeat:
                check_asked_again(name, script.requests)
            else:
                check(len(script.requests) == 1, f"{name}: {len(script.requests)} elicitations")
            check_order(script.requests[0], SEP1330_FIELDS, SEP1330_KEYS)
            check_titles(script.requests[0], SEP1330_TITLES)
            text = result.content[0].text
            if isinstance(expected, str):
                check(not result.is_error, f"{name}: isError, {text}")
                check(text == expected, f"{name}: {text!r}, expected {expected!r}")
            else:
                check(result.is_error, f"{name}: not rejected: {text}")
                errors = result.structured_content["errors"]
                check(len(errors) == 1, f"{name}: {errors}")
                entry = {key: errors[0].get(key) for key in expected}
                check(entry == expected, f"{name}: {errors[0]}, expected {expected}")
                check(text.startswith("the client's answer was rejected: field `"), f"{name}: {text!r}")
                check("Rust" not in text and "::" not in text, f"{name}: {text!r}")
            print(f"  sep1330 {name}: ok")

        script.answers = [{"action": "accept", "content": {}}]
        script.requests = []
        script.repeat = True
        result = await client.call_tool("test_elicitation_sep1034_defaults", {})
        check_asked_again("sep1034 empty accept", script.requests)
        check(result.is_error, "sep1034 empty accept: not rejected")
        fields = [entry["field"] for entry in result.structured_content["errors"]]
        check(fields == ["name", "age", "score", "status", "verified"], f"sep1034 rejected {fields}")
        check(list(script.requests[-1]["requestedSchema"]["properties"]) == fields, "sep1034 field order")
        check_titles(script.requests[-1], SEP1034_TITLES)
        print("  sep1034 every required field missing: ok")

        # Two questions, the second asked only because of the first answer.
        script.repeat = False
        script.answers = [
            {"action": "accept", "content": {"severity": "high"}},
            {"action": "accept", "content": {"services": ["search", "login"]}},
        ]
        script.requests = []
        result = await client.call_tool("test_two_questions", {})
        check([r["message"] for r in script.requests] == ["How bad is it?", "Which services are affected?"],
              f"two questions: {script.requests}")
        check_titles(script.requests[0], {"severity": "Severity"})
        check_titles(script.requests[1], {"services": "Affected services"})
        expected = ('Elicitation completed: action=accept, content={"severity":"high"}; '
                    'Elicitation completed: action=accept, content={"services":["search","login"]}')
        check(result.content[0].text == expected, f"two questions: {result.content[0].text!r}")
        script.answers = [{"action": "accept", "content": {"severity": "low"}}]
        result = await client.call_tool("test_two_questions", {})
        check(result.content[0].text == 'Elicitation completed: action=accept, content={"severity":"low"}',
              f"one question: {result.content[0].text!r}")
        check(script.answers == [], "one question: the second was asked")
        print("  two questions, the second depending on the first: ok")


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1], sys.argv[2]))
    except AssertionError as error:
        print(f"FAILED: {error}")
        sys.exit(1)
    print("python client: every check passed")
