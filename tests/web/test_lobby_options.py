"""The lobby's option form: every option in the players' words, in the current language; the
usual player count as default; a choice the rules forbid disabled with the rules' reason."""
import os

from playwright.sync_api import expect

import lapilli

from .conftest import SHOTS


def test_lobby_shows_options_in_words_and_disables_a_forbidden_choice(server, browser):
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    page = ctx.new_page()
    page.goto(server + "/")
    page.select_option("#game", "the-island")
    expect(page.locator("#players")).to_have_value("4")              # The Island's usual count, not 6
    row = page.locator("[data-option-row='squid_variant_2']")
    expect(row.locator(".option-label")).to_have_text("Gentle squid placement")
    expect(row.locator(".option-sentence")).to_contain_text("removes no explorer")
    expect(page.locator("#options")).not_to_contain_text("squid_variant_2")  # no raw ids
    # the squid variants need the Giant Squid: offered only once it is chosen, with the reason
    opt = page.locator("#opt-squid_variant_2 option[value='true']")
    expect(opt).to_be_disabled()
    expect(row.locator(".why")).to_contain_text("Giant Squid mini-expansion")
    page.select_option("#opt-giant_squid", "true")
    expect(opt).to_be_enabled()

    page.select_option("#game", "eruption")
    page.select_option("#players", "3")
    variant = page.locator("[data-option-row='variant']")
    expect(variant.locator(".option-label")).to_have_text("Way to play")
    expect(page.locator("#opt-variant option[value='\"cooperation\"']")).to_be_disabled()
    expect(variant.locator(".why")).to_contain_text("4 or 6 players")
    expect(page.locator("#opt-variant option[value='\"cooperation\"']")).to_have_text("Cooperation (teams)")
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "lobby-options-en.png"), full_page=True)
    # Eruption's house rules: Lava Rain combines with Annihilation (not with the standard game)
    rain = page.locator("[data-option-row='lava_rain']")
    expect(rain.locator(".option-label")).to_have_text("Lava Rain with Cooperation or Annihilation")
    expect(page.locator("#opt-lava_rain option[value='true']")).to_be_disabled()
    expect(rain.locator(".why")).to_contain_text("Cooperation or Annihilation")
    page.select_option("#opt-variant", '"annihilation"')
    expect(page.locator("#opt-lava_rain option[value='true']")).to_be_enabled()
    end = page.locator("[data-option-row='annihilation_end']")
    expect(end.locator(".option-label")).to_have_text("End of an Annihilation game with no winner yet")
    expect(end.locator(".option-sentence")).to_contain_text("once nothing more can happen")
    page.screenshot(path=os.path.join(SHOTS, "lobby-options-eruption-house-rules.png"), full_page=True)

    page.select_option("#lang", "it")
    expect(page.locator("#create")).to_have_text("Crea tavolo")       # the lobby is drawn again in Italian
    page.select_option("#game", "eruption")
    page.select_option("#players", "3")
    variant = page.locator("[data-option-row='variant']")
    expect(variant.locator(".option-label")).to_have_text("Modo di gioco")
    expect(variant.locator(".why")).to_contain_text("Non ammesso")
    # the rules' reason in Italian too (the game's catalogue of its refusals), with no English left
    expect(variant.locator(".why")).to_contain_text("la variante Cooperazione è per 4 o 6 giocatori (ERU-16.1)")
    expect(variant.locator(".why")).not_to_contain_text("players")
    expect(page.locator("#opt-variant option[value='\"cooperation\"']")).to_have_attribute(
        "title", "la variante Cooperazione è per 4 o 6 giocatori (ERU-16.1)")
    expect(page.locator("#opt-variant option[value='\"cooperation\"']")).to_have_text("Cooperazione (a squadre)")
    sentence = lapilli.game_spec("eruption").options["border_side_lost"].sentence["it"]
    expect(page.locator("[data-option-row='border_side_lost'] .option-sentence")).to_have_text(sentence)
    page.screenshot(path=os.path.join(SHOTS, "lobby-options-it.png"), full_page=True)
    page.select_option("#game", "the-island")
    row = page.locator("[data-option-row='squid_variant_2']")
    expect(row.locator(".why")).to_contain_text("mini-espansione Piovra gigante")
    expect(row.locator(".why")).not_to_contain_text("Giant Squid")
    # the seats are named by their colour before anyone sits
    expect(page.locator("#seats tr").first.locator("td").first).to_have_text("Rosso")
    ctx.close()


# Each answer about the choices the rules allow, counted once the page has read it (the lobby's
# own code runs on it before the next look at the page: it is in the same chain of promises)
COUNT_CHOICES_READ = """(() => {
  const json = Response.prototype.json;
  Response.prototype.json = function () {
    const url = this.url;
    return json.call(this).finally(() => { if (url.includes('/choices')) window.__choicesRead = (window.__choicesRead || 0) + 1; });
  };
})()"""


def test_an_older_answer_about_the_choices_does_not_undo_a_newer_one(server, browser):
    """Two quick changes in the lobby ask the server twice; when the first answer comes back last
    (a slow network), the form still shows what the second one says."""
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    page = ctx.new_page()
    page.add_init_script(COUNT_CHOICES_READ)
    held = []

    def answer(route):
        if not held:  # the first question (Eruption at its usual four players): answered last
            held.append(route)
        else:
            route.fulfill(response=route.fetch())
    page.route("**/api/games/eruption/choices", answer)
    page.goto(server + "/")
    page.wait_for_function("() => window.__choicesRead >= 1")  # the first game's form is drawn
    page.select_option("#game", "eruption")
    page.wait_for_function("() => document.querySelector('#opt-variant')")
    page.select_option("#players", "3")
    page.wait_for_function("() => window.__choicesRead >= 2")  # three players: answered and shown
    assert len(held) == 1
    first = held[0]
    assert first.request.post_data_json["players"] == 4
    first.fulfill(response=first.fetch())  # four players: an older answer, come back last
    page.wait_for_function("() => window.__choicesRead >= 3")
    cooperation = page.locator("#opt-variant option[value='\"cooperation\"']")
    expect(cooperation).to_be_disabled()
    expect(page.locator("[data-option-row='variant'] .why")).to_contain_text("4 or 6 players")
    ctx.close()
