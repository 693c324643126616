Feature: Drafting an answer from the bakery's own data
  A model goes round a loop with read-only tools over the bakery's menu and hours until it
  answers or stops for a reason the caller can switch on. A person reviews every draft.

  Rule: The loop asks the model, runs the tools it asked for and stops within its limits

    Scenario: The agent answers from the bakery's own data
      Given a model that asks for "sourdough rolls" and then answers with the price it was given
      When the agent runs
      Then the run is answered with "$1.50" and one step holds the menu item's result

    Scenario: An item and Saturday's hours are asked for in one turn and go back together in order
      Given a model that asks for "rye loaf" and Saturday's hours in one turn
      When the agent runs
      Then the model's second turn holds both results, the item's first

    Scenario: A question no tool answers is marked for a person, and the mark travels with the run
      Given the model calls mark_for_person with a reason and a note
      Then the run carries that mark, and a run without the call carries none

    Scenario: A mark with a reason outside the list is bad input and marks nothing
      Then the model reads a badInput error and the run carries no mark

    Scenario: A failed lookup goes back as a result that lists the menu
      Given a model that asks for "croissants"
      Then the result is an error of kind notFound that names every item on the menu

    Scenario: Input that breaks the schema never reaches the tool
      Given a model that asks for a menu item with a number for its name
      Then the result is a badInput error and the tool never ran

    Scenario: A day with a capital letter still finds the hours
      Given a model that asks for the hours on "Saturday"
      Then the result holds 08:00 to 13:00

    Scenario: An unknown tool is a failure, not a crash
      Given a model that asks for a tool nobody defined
      Then the result is a notFound error naming the tools there are, and the run goes on

    Scenario: A tool that throws is a failure, not a crash
      Given a tool that throws
      Then the result is an unavailable error and the run goes on

    Scenario: A tool that takes longer than its time limit is a failure, not a crash
      Given a tool that never finishes and a time limit of 20 ms
      Then the result is an unavailable error, the tool's signal is aborted and the run goes on

    Scenario: The loop stops at its turn limit
      Given a model that always asks for a tool and a turn limit of 3
      Then the run stops out of turns and the model was asked exactly 3 times

    Scenario: The loop stops when its token budget is spent
      Given a model that spends 400 tokens a reply and a token budget of 1000
      Then the run stops out of tokens after the third reply with 1200 tokens spent

    Scenario: The loop stops when its dollar budget is spent
      Given a model that costs $0.04 a reply and a budget of $0.10
      Then the run stops out of budget after the third reply

    Scenario: An answer that arrives over a limit is kept
      Given a model whose answer arrives on the last turn and over the token budget
      Then the run is answered with that text

    Scenario: A refusal is a stop, never an answer, and no tool runs
      Given a model that refuses
      Then the run stops as modelStopped refused with no steps

    Scenario: A truncated reply runs no tool
      Given a model whose reply was cut off
      Then the run stops as modelStopped truncated and no tool ran

    Scenario: A call repeated past the limit is answered with an error and not run
      Given a model that asks for the same item three times with keys in a different order
      Then the third call is an error and the tool ran twice

    Scenario: Aborting stops the run and the pending model request
      Given a model request that is still waiting
      When the caller aborts
      Then the run rejects and the model's signal is aborted

    Scenario: Aborting stops a running tool with the caller's reason
      Given a tool that never finishes and is still running
      When the caller aborts
      Then the run rejects with the caller's reason and the tool's signal is aborted with it

    Scenario: Two tool calls in one turn run at the same time
      Given two tools that each wait until the other has started
      Then both finish and both results go back

    Scenario: The run emits its progress as events
      Given a model that streams text and asks for a tool
      Then the events are turn started, text delta, tool call, tool result and stopped, in order

  Rule: The bakery's tools only read, and every number comes from code

    Scenario: Opening hours honour date exceptions
      Given Christmas Eve is an exception with short hours
      Then the hours for that date are the exception's, with its note

    Scenario: A day that is not a day is bad input naming the accepted values
      Given a request for the hours on "Saturday morning"
      Then the result is badInput and names the weekdays and the date format

    Scenario: A menu item is found forgivingly
      Given a request for "  Sourdough roll "
      Then it finds "sourdough rolls" with its price and notice

    Scenario: An unavailable item is reported as not currently available
      Given the rye loaf is marked unavailable
      Then asking for it is an unavailable error

    Scenario: The quote does the arithmetic
      Given two dozen sourdough rolls and a rye loaf for Saturday at 09:00
      Then the quote holds each line, the total, the day's hours and the last day to order, and nothing a reply would not use

    Scenario: A pickup time earlier today has already passed, and the quote offers the earliest that works
      Given the clock at Tuesday 10:00 and a cinnamon bun asked for today at 07:30
      Then the quote says the pickup has passed and notice is short, and the earliest pickup is Wednesday at 07:00

    Scenario: Short notice says the asked day does not work and when the earliest pickup is
      Given two rye loaves for today at 13:00
      Then the quote says notice is short and offers Wednesday, skipping closed days and holidays when they come first

    Scenario: Relative days are read as of when the question arrived, and pickups judged as of now
      Given a question that arrived Friday 23:55 and is drafted Saturday 00:20
      Then "tomorrow" is Saturday, notice is counted from Saturday, and "next Friday" is the Friday of the following week

    Scenario: A weekday asked on that day after closing is the next one
      Given the clock at Saturday 14:00, after closing
      Then "Saturday" is the Saturday a week on, and at 09:00 it is today

    Scenario: Dates, times and money are worded through Intl in the bakery's locale
      Then en-US reads "Saturday, December 5", "9 am", "1:30 pm" and "$1,040.00", and de-DE reads "13:30" and "1.040,00 €"

    Scenario: Every tool's schema is strict
      Then every tool's JSON Schema forbids extra properties and requires every property

  Rule: The Claude adapter speaks the Messages API through the real SDK

    Scenario: The transcript is append-only and results go back in the model's order
      Given a fake Messages API that asks for two tools, with a thinking block, then answers
      Then the second request carries the first response's content unchanged and one user message with both results in order

    Scenario: A tool result carries the error flag only when it is an error
      Given a fake Messages API that asks for one item on the menu and one that is not
      Then the found item's result has no is_error field and the missing one's has is_error true

    Scenario: Tools are sent strict with additionalProperties false
      Then every tool in the request is strict and its schema forbids extra properties

    Scenario: Strict tool schemas hold only what the API accepts, and the rest moves into words
      Given the fake Messages API refuses what the real API's strict mode refuses
      Then the request is taken, no tool schema carries a refused keyword, and quantity's bounds are in its description

    Scenario: A customer's text cannot close the quote around it
      Given a question that writes a closing tag and a fake instruction
      Then the question travels verbatim as its own content block, apart from the desk's instruction

    Scenario: A conversation goes to Claude as alternating turns with the newest message last
      Given a customer's order, the bakery's sent reply, and two follow-ups from the customer
      Then the request holds a user turn, an assistant turn with the reply, and one user turn with both follow-ups, each customer text its own block and the newest last with the task

    Scenario: The cached prefix is the same bytes for every draft of a day
      Then two drafts send identical tools and system, and the system prompt carries a cache breakpoint

    Scenario: The question's arrival time travels with the question, and the system prompt stays the day's
      Given two questions drafted on one day, one of which arrived the night before
      Then both requests carry the same system prompt, and each first turn says when its question arrived and when it is drafted

    Scenario: Requests cache the prefix, opt into the server-side fallback and leave tool choice at auto
      Then the request has cache_control, the fallback beta header, fallbacks default and no tool_choice

    Scenario: Each stop reason maps to an answer, tool calls or a stop
      Then end_turn answers, tool_use calls tools, refusal is refused, max_tokens is truncated and pause_turn is unfinished

    Scenario: Rate-limited and overloaded requests are retried
      Given the fake API answers 429 and then 529 before it answers
      Then the run is answered after three requests

    Scenario: Timeouts, conflicts, server errors and dropped connections are retried
      Given the fake API answers 408, 409, 500 or drops the connection before it answers
      Then each run is answered after the SDK's retries

    Scenario: A bad request is not retried and rejects the run with a readable message
      Given the fake API answers 400
      Then the run rejects with a failure that is not retryable, in words, after one request

    Scenario: Errors that will not change are tried once and say what is wrong
      Given the fake API answers 401, 403, 413, or 404 for an unknown model
      Then each run rejects after one request with the failure named for a person

    Scenario: A stream that stalls after its headers trips the idle watchdog
      Given the fake API sends headers and then nothing
      Then the run rejects within the idle timeout

    Scenario: Streamed text arrives as events before the stop
      Given the fake API streams an answer in pieces
      Then text delta events arrive, in order, before the stopped event

    Scenario: Usage is priced per model
      Then a reply's tokens are priced by the model's input, output, cache read and cache write prices

  Rule: The OpenAI-compatible adapter speaks Chat Completions through the real SDK

    Scenario: Parallel calls are answered by one tool message per call id, in the model's order, and the transcript only grows
      Given a fake Chat Completions API that asks for two tools in one turn, then answers
      Then the second request repeats the first and adds the model's message and one tool message per call, in order

    Scenario: Functions are strict, every property required and nullable as a type union, and the rest moves into words
      Given the fake API refuses what strict mode refuses
      Then the request is taken, parallel calls are on, and quantity's bounds are in its description

    Scenario: The customer's text travels as its own part, apart from the desk's instruction
      Given a question that writes a fake instruction
      Then it is the second text part of the first user message, verbatim, after the system prompt of the day

    Scenario: A conversation goes to a Chat Completions model as alternating turns with the newest message last
      Given a customer's order, the bakery's sent reply, and a follow-up from the customer
      Then the server takes the request, which holds a user turn, an assistant turn with the reply and a user turn with the follow-up and the task

    Scenario: Each finish reason maps to an answer, tool calls or a stop
      Then stop answers, tool_calls runs tools (with text beside them too), length is truncated and runs none, content_filter and a refusal are refused

    Scenario: Usage feeds the meter, and a model with no known price counts as free and says so
      Then prompt, completion and cached tokens are counted and priced per model, and a local model costs $0 with words that say why

    Scenario: Streamed text from a Chat Completions server arrives as events before the stop
      Given the fake API streams an answer in pieces
      Then text delta events arrive, in order, before the stopped event

    Scenario: Rate limits, server errors and dropped connections are retried
      Given the fake API answers 429, 500 or drops the connection before it answers
      Then the run is answered after the SDK's retries

    Scenario: Requests that would fail the same way again are made once and say why
      Given the fake API answers 400, 401, 403, 413, or 404 for an unknown model
      Then each run rejects after one request with the failure named for a person

    Scenario: A Chat Completions stream that stalls trips the idle watchdog
      Given the fake API sends headers and then nothing
      Then the run rejects within the idle timeout

    Scenario: A server without strict mode or parallel calls still drafts, and bad arguments are bad input
      Given a compatible server that refuses strict schemas and parallel calls, and writes calls without ids or JSON
      Then with strict off the requests are taken, and arguments that are not JSON come back to the model as badInput

  Rule: The offline drafter answers from the tools alone, with no network and no key

    Scenario: The seed question gets the rolls' price and notice, no croissants and Saturday's opening
      Given the clock at Tuesday 2026-12-01 10:00
      When a customer asks "Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?"
      Then the draft says $36.00, 2 days' notice, no croissants, what the menu has, and that Saturday, December 5 at 9 am works

    Scenario: Questions phrased the many ways customers write
      Given the clock at Tuesday 2026-12-01 10:00
      Then each question's draft holds the facts it must and none it must not

    Scenario: A pickup that notice or hours rule out is never confirmed, and the earliest that works is offered
      When a customer asks "Is a cinnamon bun possible today at 7:30am?" on Tuesday at 10:00
      Then the draft says 7:30 am today has passed and buns need a day's notice, offers Wednesday, December 2 from 7 am, and says nothing works

    Scenario: Short notice says the asked day is not possible, and when is
      When a customer asks "Could I collect two rye loaves this afternoon at 1?"
      Then the draft gives the total, says today is too soon and offers Wednesday, December 2

    Scenario: A question drafted after midnight reads "tomorrow" as of when it arrived
      When a question that arrived Friday 23:55 asks about tomorrow and is drafted at 00:20
      Then the draft names Saturday, December 5, never Sunday

    Scenario: "Next week Thursday" is the Thursday of next week, and putting in an order is a new one
      Then the draft quotes Thursday, December 10, with no mark for a person

    Scenario: Later today, a pickup starts from now; with no time left today, the earliest is offered
      Then a same-day pickup is offered from the next quarter hour, and never hours already gone

    Scenario: Long notice still finds its earliest pickup, thirty days from the first allowed day
      Then an item needing 33 days' notice gets its earliest pickup, not "none in 30 days"

    Scenario: "This weekend" is context once the question names its day
      Then a Saturday order mentioned beside "this weekend" says nothing of Sunday

    Scenario: Counts of people, a second mention with its count, and shorthand are read as meant
      Then "about 14 people" is no time, "2 rye loaves" after "a loaf for rye" orders two, "cin buns" are cinnamon buns, "one of everything" is the menu, and parking goes to a person

    Scenario: A closure without a note is said once
      Then the draft says the bakery is closed that day without "(closed that day)" after it

    Scenario: A weekday asked on that weekday after closing means the next one
      When "Are you open Saturday?" is asked on Saturday at 14:00
      Then the draft gives the hours of Saturday, December 12

    Scenario: Quantities stay with their items and are told from times
      Then "about 12 sourdough rolls Saturday" is twelve rolls, "roughly 40 rolls", "a dozen or so" and "a dozen of those" are quantities, "by 3" and "at 2" are afternoon times and "7:30am" is a morning one

    Scenario: A follow-up that adds to an order quotes the whole order
      Given a customer asked for two dozen sourdough rolls on Saturday at 9 and was answered
      When they write "Thanks! Can I add two rye loaves?"
      Then the draft quotes 24 sourdough rolls and 2 rye loaves together for Saturday at 9 am

    Scenario: A follow-up that changes the day moves the earlier order
      Given a customer asked for six cinnamon buns on Saturday at 9 and was answered
      When they write "Actually make it Friday"
      Then the draft quotes six cinnamon buns for Friday, December 4 at 9 am and says nothing of Saturday

    Scenario: A follow-up that stands on its own is answered on its own
      Given a customer asked about rolls on Saturday and was answered
      When they write "Are you open on Monday?"
      Then the draft gives Monday's hours and quotes no rolls

    Scenario: A generic word never becomes the one menu item containing it
      When a customer asks "Do you bake hot cross buns? I'd want 10."
      Then the draft says we don't make hot cross buns and prices no cinnamon buns

    Scenario: Questions no tool answers are marked for a person, with no invented facts
      Then allergens, catering, delivery, refunds, unreadable text, Spanish and French are marked with their reason and the draft says a person will reply

    Scenario: Each reader claims its own words, and no word is read by two
      Then days, times, items with their quantities, goods from the desk's word list, topics, labels and asks each claim their own words, with their places in the question

    Scenario: Words no reader claimed are searched in the owner's knowledge first, and a good match answers them
      When a customer asks "Do you do gift baskets?" and the owner has an entry titled "Gift baskets"
      Then the draft answers from the entry and marks nothing for a person

    Scenario: Words neither the readers nor the owner's knowledge answer go to a person, and the parts read with certainty are still answered
      When a customer asks for a rye loaf and a carburetor on Friday
      Then the rye loaf is quoted, the carburetor is never named, and the question is marked notUnderstood

    Scenario: Two different days for one pickup go to a person
      When a customer asks for rye loaves on "Friday the 12th", a Saturday
      Then the question is marked for a person as giving two different days

    Scenario: A question in Spanish, French, German, Italian, Portuguese or Dutch goes to a person in its language
      Then each is marked for a person with a note naming its language, and nothing else is looked up

    Scenario: An allergy question about no item in particular looks up every item's allergens
      When a customer with a peanut allergy asks which items are safe
      Then the menu's labels are looked up, nothing is priced and the question is marked allergens

    Scenario: A customer who was ill after eating goes to a person with no prices
      Then the question is marked medical and the draft holds no price

    Scenario: A day the bakery named in its date exceptions is read by its name
      When the bakery has "Staff training" on December 9 and a customer asks about the staff training day
      Then that date's hours are looked up

    Scenario: Drafts word dates, times and money for people in the bakery's locale
      Then the draft reads "one cinnamon bun at $4.00", "Tuesday, December 1" and "7 am to 3 pm", never ISO dates or 24-hour times, and an en-GB bakery reads "£36.00" and "8:00 to 13:00"

    Scenario: The offline drafter asks every tool in one turn
      Then the run is answered after 2 turns with every call in the first

    Scenario: The model is chosen by configuration
      Then offline gives the offline drafter, claude gives a Claude model and openai an OpenAI-compatible one, with a key or a base URL

  Rule: Owners and checks can draft from the command line

    Scenario: The command-line drafter prints the trace, the stop and the draft
      When "npm run draft" is run with the seed question and the clock fixed
      Then it prints each call and result, "answered after 2 turns" and the draft

    Scenario: The command-line drafter shows a mark for a person, in the trace and in JSON
      Given a model that marks the question for a person
      Then --json carries needsPerson with its reason and note, and the trace names it

    Scenario: The command-line drafter prints only JSON with --json
      When it is run with --json
      Then stdout parses as one JSON object with the stop, the steps and what was spent

    Scenario: The command-line drafter reads relative days as of --asked-at
      When it is run with --asked-at Friday 23:55 and --now Saturday 00:20 and a question about tomorrow
      Then the draft names Saturday, December 5, and an --asked-at after --now is refused

  Rule: Drafts use what the owner wrote down, cite it, and leave to a person what must be a person's

    Scenario: An item's allergens, cross-contact, dietary tags and ingredients come from its data
      Then menu_item and list_menu return them, and an item nobody recorded says allergensRecorded false with no allergens at all

    Scenario: search_knowledge finds switched-on entries by the customer's words, best first, their ids among the facts read
      Given the example bakery's entries in a real database
      Then "could you deliver?" finds the delivery entry first (its title and answer for the model, its id among the facts read), a switched-off entry is never found, and an empty query is a badInput result

    Scenario: Every call records the facts it read
      Then opening_hours reads its day, menu_item its item (the whole menu when not found), list_menu the menu, quote_order its items and every day it looked at (an earliest pickup's days only when it offers one), and search_knowledge the search and each entry it found

    Scenario: A delivery question drafts from the delivery entry, cites it, and a person arranges the rest
      When a customer asks "Could you deliver to my office, about two miles away?"
      Then the draft gives the entry's radius and fee, the run read that entry, and it is marked for a person (delivery)

    Scenario: A policy the owner wrote down answers the question without a person
      When a customer asks "Do you take credit cards?"
      Then the draft gives the payment entry's answer and nothing is marked

    Scenario: An allergy question states the item's allergens and cross-contact line and promises nothing more
      When a customer asks "Is there any peanut in the rye loaf? My daughter is allergic."
      Then the draft says it contains wheat/gluten, that peanuts aren't among its ingredients, that it may carry sesame and tree nuts, and it is marked for a person (allergens)

    Scenario: An item whose allergens nobody recorded is never called free of one
      When a customer asks about eggs in an item with no allergens recorded
      Then the draft says they are not recorded, names no allergen as absent, and it is marked for a person

    Scenario: Allergies, health, complaints, refunds and promises of food safety go to a person whatever is written down
      Then each is marked with its reason, and no entry's answer stands in for a person's

    Scenario: The owner's own topics go to a person before any entry answers them
      Given the owner hands "delivery" to a person
      Then a delivery question is marked for a person without the delivery entry's answer, but an allergy question keeps its allergens reason

    Scenario: A switched-off entry is not used, and a question nothing answers goes to a person in a second turn
      Given the delivery entry is switched off
      Then a delivery question searches, finds nothing, and is marked for a person in the next turn

    Scenario: Claude is offered the search and told the allergy and handover rules
      Then the tools include search_knowledge and the system prompt names the owner's handover topics
