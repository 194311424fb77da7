-- GIMP palettes (.gpl): "GIMP Palette", then "Name:" and "Columns:", comments
-- (#), and one colour a line: three numbers 0-255 and a name, separated by
-- spaces or tabs. Swatchbook's own "# Section: …" and "# Row: …" comments
-- (which its gpl writer puts in) group the colours; other palettes are one
-- strip, named after the palette. Names are kept as written (an unnamed
-- entry stays unnamed), and so are the Name: and Columns: lines.
local sb = require "swatchbook"

-- A colour line as the pattern below reads it, from where a line starts:
-- the three numbers and the rest of the line without the spaces around it
-- (spaces here being any but a line break).
local COLOUR = "^[^%S\n]*(%d+)[^%S\n]+(%d+)[^%S\n]+(%d+)[^%S\n]*([^\n]-)[^%S\n]*\n"

local function parse(text)
  local palette = { name = nil, columns = nil, description = nil, sections = {} }
  local section, row, items
  local function ensure_row()
    if not section then
      section = { name = palette.name or "Palette", rows = {} }
      table.insert(palette.sections, section)
    end
    if not row then
      row = { name = section.name, items = {} }
      table.insert(section.rows, row)
    end
    items = row.items
  end
  local function colour(number, r, g, b, rest, trimmed)
    r, g, b = tonumber(r), tonumber(g), tonumber(b)
    if r > 255 or g > 255 or b > 255 then
      sb.input_error(number, "expected components from 0 to 255, got " .. r .. " " .. g .. " " .. b)
    end
    -- the name as written: an unnamed entry stays unnamed
    local name = trimmed and rest or rest:match("^%s*(.-)%s*$")
    if not row then ensure_row() end
    items[#items + 1] = { name = name, color = sb.rgb(r, g, b) }
  end
  local find, sub = string.find, string.sub
  local number = 0
  -- Line by line over the whole text: a colour line (nearly every line of a
  -- palette) is read by one find; any other line is read as it is written.
  text = text .. "\n"
  local at, size = 1, #text
  while at <= size do
    number = number + 1
    local _, stop, r, g, b, rest
    if number > 1 then _, stop, r, g, b, rest = find(text, COLOUR, at) end
    if stop then
      colour(number, r, g, b, rest, true)
    else
      stop = find(text, "\n", at, true)
      local line = sub(text, at, stop - 1):gsub("\r$", "")
      if number == 1 then
        if not line:match("^\239?\187?\191?GIMP Palette%s*$") then
          sb.input_error(1, 'expected "GIMP Palette" on the first line, got "' .. line:sub(1, 40) .. '"')
        end
      elseif line:match("^Name:") then
        palette.name = line:match("^Name:%s*(.-)%s*$")
      elseif line:match("^Columns:") then
        palette.columns = tonumber(line:match("^Columns:%s*(%d+)"))
        if not palette.columns then sb.input_error(number, "expected a number after Columns:") end
      elseif line:match("^#%s*Section:") then
        section = { name = line:match("^#%s*Section:%s*(.-)%s*$"), rows = {} }
        table.insert(palette.sections, section)
        row = nil
      elseif line:match("^#%s*Row:") then
        if not section then ensure_row() ; section.rows = {} end
        row = { name = line:match("^#%s*Row:%s*(.-)%s*$"), items = {} }
        items = row.items
        table.insert(section.rows, row)
      elseif line:match("^%s*#") or line:match("^%s*$") then
        -- a comment or a blank line; the comments before the first colour
        -- describe the palette
        local comment = line:match("^%s*#%s?(.-)%s*$")
        if comment and comment ~= "" and not section then
          palette.description = (palette.description and palette.description .. "\n" or "") .. comment
        end
      else
        r, g, b, rest = line:match("^%s*(%d+)%s+(%d+)%s+(%d+)(.*)$")
        if not r then
          sb.input_error(number, 'expected "R G B name" (three numbers 0-255), got "' .. line:sub(1, 40) .. '"')
        end
        colour(number, r, g, b, rest)
      end
    end
    at = stop + 1
  end
  if number == 1 and text == "\n" then sb.input_error(1, 'expected "GIMP Palette", got an empty file') end
  return palette
end

return {
  name = "GIMP palette",
  api = 1,
  description = "GIMP and Inkscape palettes (.gpl)",
  reads = {
    format = "gpl",
    extensions = { "gpl" },
    keeps = { "title", "palette description", "names", "duplicate names", "groups", "order" },
    loses = { "comments after the first colour" },
    detect = function(head) return head:match("^\239?\187?\191?GIMP Palette") ~= nil end,
  },
  data = function(ctx)
    local palette = parse(sb.input())
    sb.document { title = palette.name, columns = palette.columns, description = palette.description }
    return palette.sections
  end,
}
