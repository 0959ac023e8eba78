# The Discord layer's messages (cogs/): replies, buttons, help, and the commands' names and descriptions.
# Markdown (**bold**, `code`) and Discord's mentions (<@id>, <#id>) are kept as they are.

## Answers every command shares (cogs/responses.py)

cogs-title = **{ $title }**
cogs-your-move = It is your move. Legal now: { $legal }
cogs-more-moves = …and { $more } more: use `/{ $game } move` to search them.
cogs-nothing-done = Nothing was done.
cogs-went-wrong = Something went wrong on our side. Nothing was changed; please try again.

## Posts in a match's channel (cogs/delivery.py)

cogs-dm-refused = { $who }, I can't send you direct messages, so your hand stays here: press **My hand / my move** (only you will see it).

## Buttons and menus (cogs/components.py)

cogs-hand-button = My hand / my move
cogs-choose-action = Choose your action
cogs-claim-button = Claim the win on time
cogs-takeback-accept = Accept takeback
cogs-takeback-decline = Decline
cogs-played = Played `{ $move }`.
cogs-match-status = Match #{ $id }: { $status }
cogs-bullet = • { $line }
