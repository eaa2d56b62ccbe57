BEGIN {
  print "battle \"Upside down\""
  print "side US nation=US"
  for (i = 1; i < 3000; i++) printf "  leader l%d \"L\" able under=l%d\n", i, i + 1
  print "  leader l3000 \"L\" able"
  print "  unit u \"U\" inf raw spirited M stands=4 cmd=l1"
  print "turn 1 US"
}
