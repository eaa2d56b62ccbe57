# a chain of N leaders, each under the one declared before
BEGIN {
  if (!n) n = 3000
  print "battle \"Chain of command\""
  print "side US nation=US"
  print "  leader l1 \"L1\" able" (cycle ? " under=l" n : "")
  for (i = 2; i <= n; i++) printf "  leader l%d \"L%d\" able under=l%d\n", i, i, i - 1
  printf "  unit u \"U\" inf raw spirited M stands=4 cmd=l%d\n", n
  print "turn 1 US"
  print "phase maneuver"
  printf "mc l%d [6]: u\n", n
}
