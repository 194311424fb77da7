-- luacheck over the shipped Lua (Scripts/, Themes/, Readers/ and the
-- scaffolding templates): the sandbox's Lua 5.4, reached through
-- `require "swatchbook"` (the module is no global).
std = "lua54"
max_line_length = 140
-- Callbacks are given (ctx) and (ev) whether they read them or not.
unused_args = false
-- An empty branch with a comment says what is skipped.
ignore = { "542" }
