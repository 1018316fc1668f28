"""The official Python SDK client (`mcp`, pinned by .ci/clients.sh) against
examples/conformance_server.rs.

    python_client.py URL MODE      # MODE: auto (2026-07-28) or legacy (2025-11-25)

Answers the server's elicitations with a valid answer, a title instead of a
value, a value not offered, a string for a multi-select, a missing required
field, a broken bound, too many items, decline and cancel, and asserts every
outcome, the negotiated revision, the field order of each requestedSchema as
it came off the wire (Python keeps JSON object order) and each field's title.
A rejected answer is asked again under the same key, at most 3 times: each
wrong answer is given twice, the re-asked request is checked (the message
followed by the reason, the valid answers pre-filled as `default`), and the
same refused answer twice ends the call with the result for the model that
names the client problem (isError); three different wrong answers end with
the rejection (isError, the errors); a wrong answer followed by the right
one ends with the right result. Exits non-zero on the first failure.
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


SEP1330_MESSAGE = "Please choose from each of the enum fields (SEP-1330)"
SEP1034_MESSAGE = "Please review the pre-filled fields (SEP-1034)"
IMPACT_MESSAGE = "Which services are affected?"
VALID_TEXT = ('Elicitation completed: action=accept, content={"untitledSingle":"option2","titledSingle":"value3",'
              '"legacyEnum":"opt1","untitledMulti":["option1","option3"],"titledMulti":["value2"]}')


def accept(content):
    return {"action": "accept", "content": content}


def again(message, reasons):
    """The message of a question asked again: the question, a blank line, one line per problem."""
    return message + "\n\n" + "\n".join(reasons)


# A rejected answer is asked again under the same key, at most 3 times; the
# 3rd rejection ends the call with isError, and so does the same refused
# answer twice (a client that answers without showing the form). Each
# rejection case answers wrongly twice and checks the re-asked request: the
# message with the reason, and every validly answered field pre-filled as
# its `default`.
# name: (wrong answer, expected rejection entry, the reason line, the re-asked defaults)
REJECTIONS = [
    ("title instead of value", accept(changed(titledSingle="First Option")),
     {"field": "titledSingle", "value": "First Option", "allowed": ["value1", "value2", "value3"]},
     "Pick one titled option: please choose \u201cFirst Option\u201d again from the list.",
     # The title sent instead of a value pre-fills that option's value.
     changed(titledSingle="value1")),
    ("value not offered", accept(changed(untitledSingle="option9")),
     {"field": "untitledSingle", "value": "option9", "allowed": ["option1", "option2", "option3"]},
     "Pick one option: \u201coption9\u201d is not one of the choices; "
     "choose \u201coption1\u201d, \u201coption2\u201d or \u201coption3\u201d.",
     changed(untitledSingle=None)),
    ("string for a multi-select", accept(changed(untitledMulti="option1")),
     {"field": "untitledMulti", "value": "option1", "type": "array"},
     "Pick any options: choose from the list.",
     changed(untitledMulti=None)),
    ("missing required field", accept(changed(legacyEnum=None)),
     {"field": "legacyEnum"},
     "Pick one option (legacy list): this answer is required.",
     changed(legacyEnum=None)),
]

# name: (the answers in turn, how many of them were re-asked questions, expected text)
OUTCOMES = [
    ("valid answer", [accept(VALID)], VALID_TEXT),
    ("a wrong answer, then the right one", [accept(changed(titledSingle="First Option")), accept(VALID)],
     VALID_TEXT),
    ("two wrong answers, then the right one at the last attempt",
     [accept(changed(untitledSingle="option9")), accept(changed(legacyEnum=None)), accept(VALID)], VALID_TEXT),
    ("a wrong answer, then decline", [accept(changed(untitledMulti="option1")), {"action": "decline"}],
     "Elicitation completed: action=decline, content={}"),
    ("decline", [{"action": "decline"}], "Elicitation completed: action=decline, content={}"),
    ("cancel", [{"action": "cancel"}], "Elicitation completed: action=cancel, content={}"),
]


class Script:
    """The elicitation callback: answers with the next scripted result and
    keeps every request it got."""

    def __init__(self):
        self.answers = []
        self.requests = []

    async def __call__(self, context, params):
        self.requests.append(params.model_dump(by_alias=True, mode="json", exclude_none=True))
        return types.ElicitResult.model_validate(self.answers.pop(0))


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


def defaults(request):
    properties = request["requestedSchema"]["properties"]
    return {name: schema["default"] for name, schema in properties.items() if "default" in schema}


def check_sep1330(name, request, message=SEP1330_MESSAGE, prefilled=None):
    """A SEP-1330 request: its message, field order, key order and titles;
    `prefilled` the defaults (none on the first asking), each at the end of
    its property."""
    prefilled = prefilled or {}
    check(request["message"] == message, f"{name}: message {request['message']!r}, expected {message!r}")
    check(defaults(request) == prefilled, f"{name}: defaults {defaults(request)}, expected {prefilled}")
    keys = {field: expected + (["default"] if field in prefilled else []) for field, expected in SEP1330_KEYS.items()}
    check_order(request, SEP1330_FIELDS, keys)
    check_titles(request, SEP1330_TITLES)


NOT_SHOWN = ("This client cannot show the person a form (it sent the same refused answer twice, "
             "so it does not seem to show the form; ")


def check_not_shown(name, result, key):
    """The result for the model after the same refused answer twice: it names
    the client problem and the question a person must answer."""
    text = result.content[0].text
    check(result.is_error, f"{name}: not an error result: {text}")
    check(text.startswith(NOT_SHOWN), f"{name}: {text!r}")
    check("only a person can answer this, in a client that shows forms" in text, f"{name}: {text!r}")
    unasked = result.structured_content["unasked"]
    check([entry["key"] for entry in unasked] == [key], f"{name}: {unasked}")


def check_rejection(name, result, expected):
    text = result.content[0].text
    check(result.is_error, f"{name}: not rejected: {text}")
    errors = result.structured_content["errors"]
    check(len(errors) == 1, f"{name}: {errors}")
    entry = {key: errors[0].get(key) for key in expected}
    check(entry == expected, f"{name}: {errors[0]}, expected {expected}")
    check(text.startswith("the client's answer was rejected: field `"), f"{name}: {text!r}")
    check("Rust" not in text and "::" not in text, f"{name}: {text!r}")


async def main(url, mode):
    expected_version = {"auto": "2026-07-28", "legacy": "2025-11-25"}[mode]
    script = Script()
    async with Client(url, mode=mode, elicitation_callback=script) as client:
        version = client.session.protocol_version
        check(version == expected_version, f"negotiated {version}, expected {expected_version}")
        print(f"python mcp client, mode={mode}: protocol {version}")

        for name, answer, expected, reason, prefilled in REJECTIONS:
            # A title sent instead of a value: the client showed the form, so
            # the same title again is asked again, three times in all.
            title = name == "title instead of value"
            script.answers = [answer] * 3
            script.requests = []
            result = await client.call_tool("test_elicitation_sep1330_enums", {})
            asked = 3 if title else 2
            check(len(script.requests) == asked, f"{name}: {len(script.requests)} elicitations, expected {asked}")
            check_sep1330(name, script.requests[0])
            for request in script.requests[1:]:
                check_sep1330(f"{name}, asked again", request, again(SEP1330_MESSAGE, [reason]), prefilled)
            if title:
                check_rejection(name, result, expected)
                print(f"  sep1330 {name}: asked again twice with the reason, then rejected: ok")
            else:
                check_not_shown(name, result, "sep1330")
                print(f"  sep1330 {name}: asked again with the reason, the same answer again ends the call: ok")

        # Three different wrong answers: the third ends the call with the
        # rejection, its errors naming the last one.
        script.answers = [REJECTIONS[1][1], REJECTIONS[3][1], REJECTIONS[1][1]]
        script.requests = []
        result = await client.call_tool("test_elicitation_sep1330_enums", {})
        check(len(script.requests) == 3, f"three wrong answers: {len(script.requests)} elicitations, expected 3")
        check_sep1330("three wrong answers, asked the 3rd time", script.requests[2],
                      again(SEP1330_MESSAGE, [REJECTIONS[3][3]]), REJECTIONS[3][4])
        check_rejection("three wrong answers", result, REJECTIONS[1][2])
        print("  sep1330 three different wrong answers: asked again twice with the reason, then rejected: ok")

        for name, answers, expected in OUTCOMES:
            script.answers = list(answers)
            script.requests = []
            result = await client.call_tool("test_elicitation_sep1330_enums", {})
            check(script.answers == [] and len(script.requests) == len(answers),
                  f"{name}: {len(script.requests)} elicitations, expected {len(answers)}")
            check_sep1330(name, script.requests[0])
            for request in script.requests[1:]:
                check(request["message"].startswith(SEP1330_MESSAGE + "\n\n"), f"{name}: not asked again: {request}")
            text = result.content[0].text
            check(not result.is_error, f"{name}: isError, {text}")
            check(text == expected, f"{name}: {text!r}, expected {expected!r}")
            print(f"  sep1330 {name}: ok")

        # An empty accept, as a client that answers without showing the form
        # sends (Codex's approval-only dialog): asked again once, then the
        # same empty answer ends the call, naming the client problem.
        script.answers = [accept({})] * 3
        script.requests = []
        result = await client.call_tool("test_elicitation_sep1034_defaults", {})
        check_not_shown("sep1034 empty accept", result, "sep1034")
        fields = ["name", "age", "score", "status", "verified"]
        check(len(script.requests) == 2, f"sep1034 empty accept: {len(script.requests)} elicitations, expected 2")
        original = {"name": "John Doe", "age": 30, "score": 95.5, "status": "active", "verified": True}
        reasked = again(SEP1034_MESSAGE, [f"{title}: this answer is required." for title in SEP1034_TITLES.values()])
        for attempt, request in enumerate(script.requests):
            check(list(request["requestedSchema"]["properties"]) == fields, "sep1034 field order")
            check_titles(request, SEP1034_TITLES)
            message = SEP1034_MESSAGE if attempt == 0 else reasked
            check(request["message"] == message, f"sep1034 attempt {attempt + 1}: {request['message']!r}, expected {message!r}")
            # Nothing was answered validly: the form's own defaults stay.
            check(defaults(request) == original, f"sep1034 attempt {attempt + 1}: defaults {defaults(request)}")
        print("  sep1034 every required field missing, twice: one line per field, then the client named: ok")

        # A bound broken: the reason quotes it, every other answer pre-filled.
        # (A whole score: rust-mcp-sdk 2.0 cannot parse a fraction in an
        # answer, see the enum_schema::rust_mcp_sdk docs.)
        answer = {"name": "Ada", "age": 151, "score": 88, "status": "pending", "verified": False}
        script.answers = [accept(answer), accept(dict(answer, age=36))]
        script.requests = []
        result = await client.call_tool("test_elicitation_sep1034_defaults", {})
        check(len(script.requests) == 2, f"sep1034 bound broken: {len(script.requests)} elicitations")
        message = again(SEP1034_MESSAGE, ["Age: enter a number from 0 to 150; you entered \u201c151\u201d."])
        check(script.requests[1]["message"] == message, f"sep1034 bound broken: {script.requests[1]['message']!r}")
        prefilled = {"name": "Ada", "age": 30, "score": 88, "status": "pending", "verified": False}
        check(defaults(script.requests[1]) == prefilled, f"sep1034 bound broken: defaults {defaults(script.requests[1])}")
        expected = ('Elicitation completed: action=accept, content={"name":"Ada","age":36,"score":88.0,'
                    '"status":"pending","verified":false}')
        check(not result.is_error and result.content[0].text == expected, f"sep1034 bound broken: {result.content[0].text!r}")
        print("  sep1034 a bound broken, then the right answer: ok")

        # Two questions, the second asked only because of the first answer.
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

        # Too many items for the second question: asked again (the same key),
        # the reason in the person's words; the options picked do not fit
        # maxItems, so none is pre-filled. Then the right answer.
        too_many = accept({"services": ["search", "login", "checkout"]})
        script.answers = [accept({"severity": "high"}), too_many, accept({"services": ["checkout"]})]
        script.requests = []
        result = await client.call_tool("test_two_questions", {})
        reasked = again(IMPACT_MESSAGE, ["Affected services: pick at most 2; you picked 3."])
        check([r["message"] for r in script.requests] == ["How bad is it?", IMPACT_MESSAGE, reasked],
              f"too many items: {[r['message'] for r in script.requests]}")
        check(defaults(script.requests[2]) == {}, f"too many items: defaults {defaults(script.requests[2])}")
        check_titles(script.requests[2], {"services": "Affected services"})
        expected = ('Elicitation completed: action=accept, content={"severity":"high"}; '
                    'Elicitation completed: action=accept, content={"services":["checkout"]}')
        check(not result.is_error and result.content[0].text == expected, f"too many items: {result.content[0].text!r}")
        print("  two questions, too many items, asked again, then the right answer: ok")

        # Too many items three times (never the same answer twice in a row):
        # the call ends with isError.
        reordered = accept({"services": ["checkout", "search", "login"]})
        script.answers = [accept({"severity": "high"}), too_many, reordered, too_many]
        script.requests = []
        result = await client.call_tool("test_two_questions", {})
        check([r["message"] for r in script.requests] == ["How bad is it?", IMPACT_MESSAGE, reasked, reasked],
              f"too many items 3 times: {[r['message'] for r in script.requests]}")
        check(result.is_error, f"too many items 3 times: not rejected: {result.content[0].text}")
        errors = result.structured_content["errors"]
        check([(e["field"], e.get("maxItems")) for e in errors] == [("services", 2)], f"too many items: {errors}")
        check(result.content[0].text.startswith("the client's answer was rejected: field `services`"),
              f"too many items 3 times: {result.content[0].text!r}")
        print("  two questions, too many items three times, rejected: ok")


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1], sys.argv[2]))
    except AssertionError as error:
        print(f"FAILED: {error}")
        sys.exit(1)
    print("python client: every check passed")
