# Codex: what a pending choice asks the player (engine/codex/prompts.py). The answer is picked from the
# choice's options; card names ($card) are as the board names them.

codex-ask-time-rune = Pick a card with time runes.
codex-ask-time-rune-way = Add a time rune or remove one?
# $left: damage still to divide
codex-ask-split = Pick what takes 1 of the { $left } damage still to divide.
codex-ask-opponent = Pick the opponent this effect is about.
codex-ask-mode = Choose one.
codex-ask-order = Several effects happen at once: pick the one to do first.
codex-ask-lab-spec = Pick the spec your Tech Lab unlocks.
# $seat: whose card is discarded
codex-ask-discard = Pick a card for { $seat } to discard.
codex-ask-fetch = Pick the card to fetch from your codex.
codex-ask-name-a-cost = Name a cost: opponents can't play spells or upgrades of that cost.
codex-ask-injunction = Pick the tech building to shut down.
codex-ask-codex-spell = Pick the spell to play from your codex (you pay its cost).
codex-ask-rex = Pick a unit, upgrade or worker to destroy, or done.
codex-ask-swap-top = Pick the card from your hand to put on top of your draw pile.
# $boost: the boost's cost
codex-ask-boost-top = Pay { $boost } more to boost { $card }?
codex-ask-feed = Pick what to sacrifice: a unit, hero, upgrade or a worker.
codex-ask-remember = Pick a fading unit of your discard to bring into play, or none.
codex-ask-distort = Pick your tech I or II unit to return to its owner's hand.
codex-ask-field-hero = Pick the hero that comes into play in its place.
# $n: how many cards in all
codex-ask-reveal = Pick a card to reveal and discard ({ $n } in all).
codex-ask-twin-home = Pick the Rambasa Twin that goes back to its owner's codex.
# $rival: what the other effect does with it
codex-ask-twin-or-other = Two effects want { $card }: back to its codex, or { $rival }. Pick which happens.
codex-ask-plague-lab = Pick a card with runes to get one more, or done.
codex-ask-plague-lab-kind = Pick the kind of rune to add.
codex-ask-raise-from-discard = Pick a unit to put into play from your discard, or done.
codex-ask-zarramonde = Pick what Zarramonde destroys.
codex-ask-resurrect = Pick the hero to bring back.
codex-ask-play-buried = Pick a buried unit to play, or done.
codex-ask-play-buried-boost = Pay the boost too?
codex-ask-free-spell = You may play a Fire spell (not an ultimate) for free.
codex-ask-pillaged = Pick whose gold is stolen.
codex-ask-stash = Stash: pick a card to keep (you draw one card fewer), or none.
codex-ask-put-into-play = Pick the card to put into play.
codex-ask-slot = Pick the empty slot { $card } moves to.
codex-ask-retarget = The target is gone: pick a new target for the attack.
codex-ask-sparkshot = Pick the adjacent patroller that takes 1 sparkshot damage.
# $excess: the damage left over
codex-ask-overpower = Pick what takes the { $excess } excess damage.
# $do: sacrifice or destroy
codex-ask-weakest = Pick { $seat }'s unit to { $do ->
        [sacrifice] sacrifice
       *[destroy] destroy
    }.
codex-ask-bounty = Pick the hero that gains the two bounty levels.
codex-ask-worker-owner = Pick whose worker is trashed.
codex-ask-do-it = Do it?

## Target picks of an effect

# $n: how much damage
codex-ask-damage = Pick what takes { $n } damage.
codex-ask-repair = Pick the building to repair { $n }.
codex-ask-destroy = Pick what to destroy.
codex-ask-bounce = Pick the unit to return to its owner's hand.
codex-ask-steal = Pick the unit to take control of.
# $rune: the kind of rune
codex-ask-rune = Pick what gets the { $rune } rune.
codex-ask-modify = Pick what the effect applies to.
codex-ask-sideline = Pick the patroller to sideline.
codex-ask-link = Pick a dance partner.
codex-ask-target = Pick a target.
