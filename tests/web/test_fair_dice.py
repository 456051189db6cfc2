"""The fair-dice proof in the browser: the table's header shows the seed commitment (folded away),
and the record downloaded after the game verifies against it with `lapilli verify`."""
import json
import os
import urllib.request

from lapilli.cli import main

from .conftest import SHOTS, create_table, play_to_the_end


def test_the_commitment_is_shown_and_the_finished_record_verifies(server, page, tmp_path, capsys):
    create_table(page, server, "stromboli", 2, bots="random")
    tid = page.url.rsplit("/", 1)[1]
    commitment = json.loads(urllib.request.urlopen(f"{server}/api/tables/{tid}").read())["commitment"]
    page.wait_for_selector("#commitment", state="attached")   # the table page renders after its requests
    box = page.locator("#commitment")
    assert box.count() == 1 and not page.locator("#commitment-hash").is_visible()   # folded: out of the way
    box.locator("summary").click()
    assert page.locator("#commitment-hash").inner_text() == commitment and len(commitment) == 64
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "fair-dice.png"))
    play_to_the_end(page)
    digest = page.locator("#digest").inner_text()
    assert len(digest) == 64
    page.locator("#commitment").screenshot(path=os.path.join(SHOTS, "fair-dice-end.png"))
    record = urllib.request.urlopen(f"{server}/api/tables/{tid}/record").read()
    path = tmp_path / "game.json"
    path.write_bytes(record)
    assert json.loads(record)["commitment"] == commitment
    assert main(["verify", str(path), "--commitment", commitment, "--digest", digest]) == 0
    assert capsys.readouterr().out.startswith("verified: stromboli")
