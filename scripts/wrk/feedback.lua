-- POST /ml/feedback: distinct (viewer, candidate) pairs from BENCH_IDS (ids = {...}), so each request is a
-- first-time decision. Pair k of thread t is k*4 + t (run with -t4): viewer ids[i], candidate ids[i + 1 + j].
dofile(os.getenv("BENCH_IDS"))
local threads = 0
function setup(thread) thread:set("tid", threads); threads = threads + 1 end
local k = 0
request = function()
  local n = #ids
  local pair = k * 4 + (tid or 0)
  k = k + 1
  local i = pair % n
  local j = (i + 1 + math.floor(pair / n) % (n - 1)) % n
  local action = (pair % 3 == 0) and "like" or "pass"
  return wrk.format("POST", "/ml/feedback", {["Content-Type"] = "application/json"},
    '{"viewerId":"' .. ids[i + 1] .. '","candidateId":"' .. ids[j + 1] .. '","action":"' .. action .. '"}')
end
