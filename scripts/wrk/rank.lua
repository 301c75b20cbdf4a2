-- POST /ml/rank first pages for viewers drawn from BENCH_IDS (a Lua file: ids = {...}), limit 20.
dofile(os.getenv("BENCH_IDS"))
local threads = 0
function setup(thread) thread:set("tid", threads); threads = threads + 1 end
local k = 0
request = function()
  k = k + 1
  local id = ids[((k * 7 + (tid or 0) * 499) % #ids) + 1]
  return wrk.format("POST", "/ml/rank", {["Content-Type"] = "application/json"}, '{"viewerId":"' .. id .. '","limit":20}')
end
