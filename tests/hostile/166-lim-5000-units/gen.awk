BEGIN {
  print "battle \"Many units\""
  print "side US nation=US"
  print "  leader lee \"Lee\" able"
  for (i = 1; i <= 5000; i++) printf "  unit u%d \"U\" inf raw spirited M stands=4 cmd=lee\n", i
  print "turn 1 US"
  print "phase maneuver"
  print "mc lee [6]: u5000"
}
