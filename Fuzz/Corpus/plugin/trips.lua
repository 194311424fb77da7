-- Key/value tables inside rows, after the "UITableView inside a table cell"
-- tutorial: each trip row shows its GPS reading as an aligned table. The inner
-- rows are details, not choices: they cannot be selected.
local function reading(lat, lon, speed, alt, date, time, course, accuracy)
  return {
    { "Latitude", lat }, { "Longitude", lon }, { "Speed", speed }, { "Altitude", alt },
    { "Date", date }, { "Time", time }, { "Course", course }, { "Accuracy", accuracy },
  }
end

return {
  name = "Trips", version = "1.0.0", api = 1,
  description = "GPS readings of four trips as key/value rows",
  data = {
    { name = "Bangkok, 12/04/2010", rows = {
        { name = "Trip 1", fields = reading("13.861970", "100.504250", "50 kph", "1000 meters",
                                            "12/04/2010", "05:45 PM", "North west", "+/- 10 meters") },
        { name = "Trip 2", fields = reading("13.862470", "100.501389", "60 kph", "1050 meters",
                                            "12/04/2010", "06:15 PM", "North", "+/- 10 meters") },
        { name = "Trip 3", fields = reading("13.861970", "100.504250", "70 kph", "1000 meters",
                                            "12/04/2010", "06:35 PM", "South", "+/- 10 meters") },
        { name = "Trip 4", fields = reading("13.861970", "100.504250", "80 kph", "1100 meters",
                                            "12/04/2010", "07:05 PM", "East", "+/- 10 meters") } } },
  },
  layout = { style = "details", selection = "none" },
}
