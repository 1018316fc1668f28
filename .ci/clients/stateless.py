"""Two server processes sharing only the requestState key serve the rounds
of one MCP 2026-07-28 tool call in turn; a process with another key refuses
the state. A rejected answer is asked again under the same key (the reason
in the message, the mended answer pre-filled, the attempt count sealed in
requestState) wherever the retry lands; the right answer then goes on,
three wrong answers end with isError, the same wrong answer twice ends
naming the client problem. Raw JSON-RPC over HTTP (the standard library only).

    stateless.py URL_A URL_B URL_OTHER_KEY
"""

import json
import sys
import urllib.error
import urllib.request

META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
}


def call(url, extra):
    params = {"name": "test_two_questions", "arguments": {}, "_meta": META, **extra}
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}
    headers = {
        "Accept": "application/json, text/event-stream",
        "Mcp-Method": "tools/call",
        "Mcp-Name": "test_two_questions",
        "MCP-Protocol-Version": "2026-07-28",
    }
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={
        **headers, "Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        # A JSON-RPC error may come with an HTTP error status (SEP-2575).
        return json.load(error)


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}")
        sys.exit(1)


def main(url_a, url_b, url_other):
    first = call(url_a, {})["result"]
    check(first["resultType"] == "input_required" and "triage" in first["inputRequests"], f"round 1: {first}")
    # Every round that asks seals a state, the first included: an answer
    # counts only with the state of the round that asked it.
    check("requestState" in first, f"round 1 carries no state: {first}")
    triage = {"inputResponses": {"triage": {"action": "accept", "content": {"severity": "high"}}}}
    ignored = call(url_b, triage)["result"]
    check(list(ignored.get("inputRequests", {})) == ["triage"],
          f"an answer without the state of the round that asked it counted: {ignored}")
    second = call(url_b, {**triage, "requestState": first["requestState"]})["result"]
    check("impact" in second.get("inputRequests", {}), f"round 2 on the other process: {second}")
    state = second["requestState"]
    last = {"inputResponses": {"impact": {"action": "accept", "content": {"services": ["login"]}}},
            "requestState": state}
    done = call(url_a, last)["result"]
    expected = ('Elicitation completed: action=accept, content={"severity":"high"}; '
                'Elicitation completed: action=accept, content={"services":["login"]}')
    check(done["content"][0]["text"] == expected, f"round 3 back on the first process: {done}")
    refused = call(url_other, last)
    check(refused.get("error", {}).get("code") == -32602, f"another key: {refused}")
    print("stateless: three rounds across two processes, and a foreign key refused: ok")

    # A title instead of a value, on the other process: the same question
    # again under the same key, the reason in its message, the option the
    # title names pre-filled, the attempt count sealed in requestState.
    title = {"inputResponses": {"triage": {"action": "accept", "content": {"severity": "High: users are affected"}}}}
    reasked = "How bad is it?\n\nSeverity: please choose \u201cHigh: users are affected\u201d again from the list."
    start = call(url_a, {})["result"]
    again = call(url_b, {**title, "requestState": start["requestState"]})["result"]
    check(again.get("resultType") == "input_required" and list(again.get("inputRequests", {})) == ["triage"],
          f"a title instead of a value: not asked again: {again}")
    check("requestState" in again, f"asked again without a requestState: {again}")
    params = again["inputRequests"]["triage"]["params"]
    check(params["message"] == reasked, f"asked again: message {params['message']!r}, expected {reasked!r}")
    check(params["requestedSchema"]["properties"]["severity"].get("default") == "high",
          f"asked again: severity not pre-filled: {params['requestedSchema']}")
    right = {"inputResponses": {"triage": {"action": "accept", "content": {"severity": "high"}}},
             "requestState": again["requestState"]}
    then = call(url_a, right)["result"]
    check(list(then.get("inputRequests", {})) == ["impact"], f"the right answer, on the first process: {then}")
    done = call(url_b, {**last, "requestState": then["requestState"]})["result"]
    check(done["content"][0]["text"] == expected, f"the last round, on the other process: {done}")
    print("stateless: a wrong answer asked again (reason, pre-filled), then the right one, across processes: ok")

    # Three wrong answers, never the same twice in a row, alternating
    # processes: asked again twice, then the call ends with isError and the
    # rejection.
    critical = {"inputResponses": {"triage": {"action": "accept", "content": {"severity": "critical"}}}}
    state = {"requestState": call(url_a, {})["result"]["requestState"]}
    for attempt, (url, answer) in enumerate(((url_b, title), (url_a, critical), (url_b, title)), start=1):
        result = call(url, {**answer, **state})["result"]
        if attempt < 3:
            check(result.get("resultType") == "input_required", f"wrong answer {attempt}: {result}")
            message = result["inputRequests"]["triage"]["params"]["message"]
            expected_start = reasked if attempt == 1 else "How bad is it?\n\nSeverity: \u201ccritical\u201d"
            check(message.startswith(expected_start), f"wrong answer {attempt}: message {message!r}")
            state = {"requestState": result["requestState"]}
        else:
            check(result.get("isError") is True, f"wrong answer 3: not rejected: {result}")
            errors = result["structuredContent"]["errors"]
            check([(e["field"], e["value"]) for e in errors] == [("severity", "High: users are affected")],
                  f"wrong answer 3: {errors}")
            check(result["content"][0]["text"].startswith("the client's answer was rejected: field `severity`"),
                  f"wrong answer 3: {result['content'][0]['text']!r}")
    print("stateless: three wrong answers across processes: asked again twice, then rejected: ok")

    # The same wrong answer twice, across processes: the client named. (Not
    # a title sent instead of a value: that client showed the form.)
    state = {"requestState": call(url_a, {})["result"]["requestState"]}
    result = call(url_b, {**critical, **state})["result"]
    check(result.get("resultType") == "input_required", f"the same answer, 1st: {result}")
    result = call(url_a, {**critical, "requestState": result["requestState"]})["result"]
    check(result.get("isError") is True, f"the same answer, 2nd: {result}")
    check(result["content"][0]["text"].startswith(
        "This client cannot show the person a form (it sent the same refused answer twice"),
        f"the same answer, 2nd: {result['content'][0]['text']!r}")
    print("stateless: the same wrong answer twice across processes: the client named: ok")

if __name__ == "__main__":
    main(*sys.argv[1:4])
