-- GIMP palettes (.gpl): "GIMP Palette", then "Name:" and "Columns:", comments
-- (#), and one colour a line: three numbers 0-255 and a name, separated by
-- spaces or tabs. Swatchbook's own "# Section: …" and "# Row: …" comments
-- (which its gpl writer puts in) group the colours; other palettes are one
-- strip, named after the palette. Names are kept as written (an unnamed
-- entry stays unnamed), and so are the Name: and Columns: lines.
local sb = require "swatchbook"

local function parse(text)
  local palette = { name = nil, columns = nil, description = nil, sections = {} }
  local section, row
  local function ensure_row()
    if not section then
      section = { name = palette.name or "Palette", rows = {} }
      table.insert(palette.sections, section)
    end
    if not row then
      row = { name = section.name, items = {} }
      table.insert(section.rows, row)
    end
  end
  local number = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    number = number + 1
    line = line:gsub("\r$", "")
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
      table.insert(section.rows, row)
    elseif line:match("^%s*#") or line:match("^%s*$") then
      -- a comment or a blank line; the comments before the first colour
      -- describe the palette
      local comment = line:match("^%s*#%s?(.-)%s*$")
      if comment and comment ~= "" and not section then
        palette.description = (palette.description and palette.description .. "\n" or "") .. comment
      end
    else
      local r, g, b, rest = line:match("^%s*(%d+)%s+(%d+)%s+(%d+)(.*)$")
      if not r then
        sb.input_error(number, 'expected "R G B name" (three numbers 0-255), got "' .. line:sub(1, 40) .. '"')
      end
      r, g, b = tonumber(r), tonumber(g), tonumber(b)
      if r > 255 or g > 255 or b > 255 then
        sb.input_error(number, "expected components from 0 to 255, got " .. r .. " " .. g .. " " .. b)
      end
      -- the name as written: an unnamed entry stays unnamed
      local name = rest:match("^%s*(.-)%s*$")
      ensure_row()
      table.insert(row.items, { name = name, color = sb.rgb(r, g, b) })
    end
  end
  if number == 1 and text == "" then sb.input_error(1, 'expected "GIMP Palette", got an empty file') end
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
